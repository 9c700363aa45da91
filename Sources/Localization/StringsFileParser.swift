import FoundationEssentials
import StringsFormat

/// Reads Apple `.strings` files (`"key" = "value";` entries) into a dictionary.
///
/// Accepts UTF-8 (optional BOM) and UTF-16 LE/BE with a BOM; `/* */` and `//` comments between any tokens;
/// the escapes `\" \\ \' \n \t \r`, octal `\0`…`\377` and `\U`/`\u` with 4 hex digits (surrogate pairs
/// combine); unquoted keys and values made of `A-Z a-z 0-9 _ . -`. When a key repeats, the last value wins.
public enum StringsFileParser {
    /// The entries of `data`; `path` only names the file in errors.
    public static func parse(_ data: Data, path: String) throws(StringsParseError) -> [String: String] {
        var repeated: [StringsParseError] = []
        return try parse(data, path: path, repeated: &repeated)
    }

    /// Every problem that keeps `data` from being read: its encoding's, or each syntax error in turn.
    public static func problems(in data: Data, path: String) -> [StringsParseError] {
        do throws(StringsParseError) {
            var reader = StringsReader(utf8: try StringsTextDecoder.utf8(of: data, path: path), path: path)
            return reader.syntaxErrors()
        } catch {
            return [error]
        }
    }

    /// The entries of `data`, each repeated key told in `repeated` (where it repeats).
    static func parse(_ data: Data, path: String, repeated: inout [StringsParseError])
        throws(StringsParseError) -> [String: String] {
        var reader = StringsReader(utf8: try StringsTextDecoder.utf8(of: data, path: path), path: path)
        return try reader.readEntries(repeated: &repeated)
    }
}
