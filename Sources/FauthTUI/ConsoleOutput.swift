import FoundationEssentials
import Glibc
import TerminalUI

/// Text made as safe as the screen's text before it is printed: no escape sequence or control character from a
/// store, a server or a file reaches the person's terminal through it. `Console` prints through it.
package enum ConsoleOutput {
    /// Writes `text` and a line break to standard output.
    package static func print(_ text: String) {
        Swift.print(sanitized(text))
    }

    /// Writes `text` as it is to `descriptor` at once, unbuffered (as `FileHandle` did).
    package static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// `text` without the bidi isolates (U+2066–U+2069) `Strings.format` puts around arguments in a right-to-left
    /// language: for a pipe, a file or a script, which would carry them as data.
    package static func withoutIsolates(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x2066...0x2069).contains($0.value) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }))
    }

    /// `text` with the screen's sanitizing applied to every line and every tab-separated field, so line breaks
    /// and tabs stay while every other control character (ESC, C1, DEL, CR) and bidi override goes.
    package static func sanitized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { TextWidth.sanitized(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
    }
}
