import FoundationEssentials

/// Writes one line to standard error, where every command's problems and warnings go (stdout carries results),
/// sanitized like everything the program prints.
func printError(_ line: String) {
    ConsoleOutput.printError(line)
}
