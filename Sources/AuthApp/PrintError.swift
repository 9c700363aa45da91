import Foundation

/// Writes one line to standard error, where every command's problems and warnings go (stdout carries results).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
