import FoundationEssentials
import Glibc
import Localization
import TerminalUI

/// Text printed outside the interface (help, errors, warnings, the result line): in display order when it goes
/// to a terminal that does not reorder right-to-left text by itself, and as written, without bidi isolates, into a
/// pipe or a file.
/// Every message on standard error goes through `printError`.
package struct Console {
    /// Whether the language is written right to left.
    package let isRightToLeft: Bool
    /// Who reorders on this terminal (`FAUTH_TUI_BIDI`).
    package let bidi: BidiMode

    package init(strings: Strings, environment: [String: String]) {
        isRightToLeft = strings.isRightToLeft
        bidi = BidiSetting.mode(environment: environment)
    }

    /// `text` as it is written to `descriptor`: each line reordered and shaped when that is a terminal; without
    /// bidi isolates when it is not.
    package func prepared(_ text: String, for descriptor: Int32) -> String {
        guard isatty(descriptor) == 1 else { return ConsoleOutput.withoutIsolates(text) }
        guard isRightToLeft, bidi == .application else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Bidi.displayLine(String($0), fallback: .rightToLeft) }
            .joined(separator: "\n")
    }

    /// Prints `text` and a newline on standard output, sanitized (`ConsoleOutput`).
    package func printOut(_ text: String) {
        ConsoleOutput.print(prepared(text, for: STDOUT_FILENO))
    }

    /// Writes `text` and a newline on standard error, sanitized (`ConsoleOutput`).
    package func printError(_ text: String) {
        ConsoleOutput.write(ConsoleOutput.sanitized(prepared(text, for: STDERR_FILENO)) + "\n", to: STDERR_FILENO)
    }
}
