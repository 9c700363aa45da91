import FoundationEssentials
import StringsFormat

/// Reads Apple `.stringsdict` files (XML or binary property lists) into plural forms by key.
///
/// Each key's `NSStringLocalizedFormatKey` names its variables (`%#@seconds@`); a variable whose
/// `NSStringFormatSpecTypeKey` is `NSStringPluralRuleType` gives a form per CLDR category. The first plural variable
/// varies: each form is the format with that variable replaced by its form for the category (others take their
/// `other` form), so `"%#@seconds@"` with `one` = `"%d second"` gives the form `"%d second"`. The number that picks
/// the form is the string's first number argument (`Strings.format`).
public enum StringsDictParser {
    /// The plural forms by key in `data`; `path` only names the file in errors.
    public static func parse(_ data: Data, path: String) throws(StringsParseError) -> [String: [PluralCategory: String]] {
        let root: [String: [String: Member]]
        do {
            root = try PropertyListDecoder().decode([String: [String: Member]].self, from: data)
        } catch {
            throw StringsParseError(path: path, line: 1, column: 1, message: "not a property list of "
                + "NSStringLocalizedFormatKey dictionaries")
        }
        var forms: [String: [PluralCategory: String]] = [:]
        for (key, members) in root {
            guard case .text(let format)? = members["NSStringLocalizedFormatKey"] else {
                throw StringsParseError(path: path, line: 1, column: 1,
                                        message: "\"\(key)\" has no NSStringLocalizedFormatKey")
            }
            let variables = members.compactMapValues { member -> [String: String]? in
                guard case .variable(let variable) = member,
                      variable["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType" else { return nil }
                return variable
            }
            let order = variables.keys
                .compactMap { name in format.firstRange(of: "#@\(name)@").map { (at: $0.lowerBound, name: name) } }
                .sorted { $0.at < $1.at }.map(\.name)
            guard let varying = order.first else { continue }
            var text = format
            for name in order.dropFirst() { text = substitute(name, with: variables[name]?["other"] ?? "", in: text) }
            for category in PluralCategory.allCases {
                guard let form = variables[varying]?[category.rawValue] else { continue }
                forms[key, default: [:]][category] = substitute(varying, with: form, in: text)
            }
        }
        return forms
    }

    /// `text` with the variable reference `%#@name@` (or `%1$#@name@`) replaced by `form`.
    private static func substitute(_ name: String, with form: String, in text: String) -> String {
        guard let end = text.firstRange(of: "#@\(name)@"), let start = text[..<end.lowerBound].lastIndex(of: "%") else {
            return text
        }
        var text = text
        text.replaceSubrange(start..<end.upperBound, with: form)
        return text
    }

    /// A member of a key's dictionary: the format, or a variable's dictionary.
    private enum Member: Decodable {
        case text(String)
        case variable([String: String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .variable(try container.decode([String: String].self))
            }
        }
    }
}
