/// Text made safe for man(7) pages: roff's escape character, control lines and characters outside ASCII.
enum Roff {
    /// `text` as filled roff input lines of at most 80 bytes where its words allow (mandoc's style).
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map({ escaped(String($0)) }) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(line)
                line = word.first == "." || word.first == "'" ? "\\&" + word : word
            } else {
                line = line.isEmpty ? word : line + " " + word
            }
        }
        return lines + [line]
    }

    /// `text` as roff input: `\` escaped, a leading `.` or `'` neutralised, every character outside printable
    /// ASCII written as a `\[uXXXX]` escape (groff and mandoc render both; neither then warns about the input).
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\e"
            case "-": output += "\\-"
            case " "..."~": output.unicodeScalars.append(scalar)
            default: output += "\\[u" + hex(scalar.value) + "]"
            }
        }
        if output.first == "." || output.first == "'" { output = "\\&" + output }
        return output
    }

    /// At least four upper-case hexadecimal digits, as `\[uXXXX]` wants them.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\\fB\(escaped(text))\\fR" }

    /// `text` in italics (placeholders such as PATH).
    static func italic(_ text: String) -> String { "\\fI\(escaped(text))\\fR" }
}
