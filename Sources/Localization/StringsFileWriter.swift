/// Writes text in the `.strings` file syntax that ``StringsFileParser`` reads back unchanged.
public enum StringsFileWriter {
    /// `text` as a quoted `.strings` token: `"`, `\`, line breaks and tabs escaped; other controls, C1 controls
    /// and bidi embeddings, overrides and isolates as `\UXXXX`, so a listing on a terminal shows them, never
    /// obeys them.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `"key" = "value";`
    public static func entry(key: String, value: String) -> String {
        "\(quoted(key)) = \(quoted(value));"
    }

    /// `/* text */` on one line: line breaks written as `\n` and `*/` broken up so the comment cannot end early.
    public static func comment(_ text: String) -> String {
        let oneLine = String(quoted(text).dropFirst().dropLast())
        return "/* " + oneLine.replacing("*/", with: "*\\/") + " */"
    }
}
