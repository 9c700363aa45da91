import FoundationEssentials
import StringsFormat

/// Reads Xcode String Catalogs (`.xcstrings` JSON) into one table per language.
///
/// Uses `sourceLanguage` and, for each key, `localizations.<lang>.stringUnit.value` and the plural forms under
/// `localizations.<lang>.variations.plural.<category>.stringUnit.value`. A key's `other` plural form doubles as
/// its plain value. Values are taken whatever their `state` (`translated`, `needs_review`…); empty values are
/// skipped. Other variations (`device`) and substitutions are not supported and are ignored; other members
/// (`comment`, `extractionState`, `version`) are ignored. Errors name the file, line and column.
public enum StringCatalogParser {
    /// The parsed catalog: its source language and, per language, the translations it holds.
    public struct Catalog: Sendable {
        /// The language the keys were written in (`sourceLanguage`).
        public let sourceLanguage: String
        /// Plain values by language, then key (plural keys hold their `other` form).
        public let values: [String: [String: String]]
        /// Plural forms by language, then key.
        public let plurals: [String: [String: [PluralCategory: String]]]
        /// Each empty `stringUnit` value by language, located (the key falls back as if it were missing).
        public let emptyValues: [String: [StringsParseError]]
    }

    /// The catalog in `data`; `path` only names the file in errors.
    public static func parse(_ data: Data, path: String) throws(StringsParseError) -> Catalog {
        let scalars = try StringsTextDecoder.scalars(of: data, path: path)
        var reader = JSONReader(scalars: scalars, path: path)
        let root = try reader.readDocument()
        var walker = CatalogWalker(reader: reader)
        return try walker.catalog(root)
    }
}

/// Checks the shape of a parsed catalog and collects its values, pointing errors at the offending value.
private struct CatalogWalker {
    let reader: JSONReader
    var values: [String: [String: String]] = [:]
    var plurals: [String: [String: [PluralCategory: String]]] = [:]
    var emptyValues: [String: [StringsParseError]] = [:]

    mutating func catalog(_ root: JSONNode) throws(StringsParseError) -> StringCatalogParser.Catalog {
        let members = try object(root, "the catalog")
        guard let source = members.first(where: { $0.name == "sourceLanguage" }) else {
            throw reader.error(at: root.offset, "missing \"sourceLanguage\"")
        }
        let sourceLanguage = try string(source.value, "\"sourceLanguage\"")
        guard let strings = members.first(where: { $0.name == "strings" }) else {
            throw reader.error(at: root.offset, "missing \"strings\"")
        }
        for entry in try object(strings.value, "\"strings\"") {
            try readKey(entry.name, entry.value)
        }
        return StringCatalogParser.Catalog(sourceLanguage: sourceLanguage, values: values, plurals: plurals,
                                           emptyValues: emptyValues)
    }

    private mutating func readKey(_ key: String, _ node: JSONNode) throws(StringsParseError) {
        let members = try object(node, "key \"\(key)\"")
        guard let localizations = members.first(where: { $0.name == "localizations" }) else { return }
        for localization in try object(localizations.value, "\"localizations\" of \"\(key)\"") {
            let language = localization.name
            let parts = try object(localization.value, "\"\(language)\" of \"\(key)\"")
            for part in parts {
                switch part.name {
                case "stringUnit":
                    if let value = try stringUnitValue(part.value, key: key) {
                        values[language, default: [:]][key] = value
                    } else {
                        emptyValues[language, default: []].append(
                            reader.error(at: part.value.offset, "\"\(key)\" has an empty value; the fallback is shown"))
                    }
                case "variations":
                    try readVariations(part.value, key: key, language: language)
                default:
                    continue
                }
            }
        }
    }

    private mutating func readVariations(_ node: JSONNode, key: String, language: String) throws(StringsParseError) {
        for variation in try object(node, "\"variations\" of \"\(key)\"") where variation.name == "plural" {
            var forms: [PluralCategory: String] = [:]
            for form in try object(variation.value, "\"plural\" of \"\(key)\"") {
                guard let category = PluralCategory(rawValue: form.name) else {
                    throw reader.error(at: form.value.offset, "unknown plural category \"\(form.name)\"; expected "
                        + PluralCategory.allCases.map(\.rawValue).joined(separator: ", "))
                }
                let unit = try object(form.value, "plural form \"\(form.name)\" of \"\(key)\"")
                guard let stringUnit = unit.first(where: { $0.name == "stringUnit" }) else { continue }
                if let value = try stringUnitValue(stringUnit.value, key: key) { forms[category] = value }
            }
            guard !forms.isEmpty else { continue }
            plurals[language, default: [:]][key] = forms
            if let other = forms[.other], values[language]?[key] == nil { values[language, default: [:]][key] = other }
        }
    }

    /// The `value` of a `stringUnit`, or nil when it is empty.
    private func stringUnitValue(_ node: JSONNode, key: String) throws(StringsParseError) -> String? {
        let members = try object(node, "\"stringUnit\" of \"\(key)\"")
        if let state = members.first(where: { $0.name == "state" }) {
            _ = try string(state.value, "\"state\" of \"\(key)\"")
        }
        guard let value = members.first(where: { $0.name == "value" }) else {
            throw reader.error(at: node.offset, "\"stringUnit\" of \"\(key)\" has no \"value\"")
        }
        let text = try string(value.value, "\"value\" of \"\(key)\"")
        return text.isEmpty ? nil : text
    }

    private func object(_ node: JSONNode, _ role: String) throws(StringsParseError) -> [JSONNode.Member] {
        guard case .object(let members) = node.value else {
            throw reader.error(at: node.offset, "expected an object for \(role), found \(node.kindName)")
        }
        return members
    }

    private func string(_ node: JSONNode, _ role: String) throws(StringsParseError) -> String {
        guard case .string(let text) = node.value else {
            throw reader.error(at: node.offset, "expected a string for \(role), found \(node.kindName)")
        }
        return text
    }
}
