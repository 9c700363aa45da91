import Foundation
import TerminalUI

/// Writes lines to standard output and standard error, made as safe as the screen's text: no escape sequence
/// or control character from a store, a server or a file reaches the person's terminal through them.
enum ConsoleOutput {
    /// Writes `text` and a line break to standard output.
    static func print(_ text: String) {
        Swift.print(sanitized(text))
    }

    /// Writes `text` and a line break to standard error.
    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((sanitized(text) + "\n").utf8))
    }

    /// `text` with the screen's sanitizing applied to every line and every tab-separated field, so line breaks
    /// and tabs stay while every other control character (ESC, C1, DEL, CR) and bidi override goes.
    static func sanitized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { TextWidth.sanitized(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
    }
}
