/// The text the screens show, in one language, with an app's overrides applied.
///
/// Each key resolves to the first acceptable value among: the overrides (newest first), the built-in table of
/// the chosen language, built-in English, and finally the key itself, so a lookup never fails and is never
/// empty. A translation is refused, with a warning, when it is empty or when its format specifiers (count and
/// kinds, order-free when positional) differ from the English text's.
public struct Strings: Sendable {
    /// The built-in language in use: the one asked for, or `en` when that one isn't built in.
    public let language: String
    /// What went wrong while loading (unreadable tables, refused translations); empty when all is well.
    public let warnings: [String]

    private let preferred: [StringTable]
    private let english: StringTable
    private let loadWarnings: [String]
    private let values: [StringKey: String]

    /// Resolves every key once: `preferred` tables (highest priority first), then `english`, then the key.
    init(language: String, preferred: [StringTable], english: StringTable, loadWarnings: [String]) {
        self.language = language
        self.preferred = preferred
        self.english = english
        self.loadWarnings = loadWarnings
        var values: [StringKey: String] = [:]
        var warnings = loadWarnings
        for key in StringKey.allCases {
            values[key] = Self.resolve(key, preferred: preferred, english: english, warnings: &warnings)
        }
        self.values = values
        self.warnings = warnings
    }

    /// The built-in strings for `language` (e.g. `en`, `de`, `zh-Hant`), falling back to English.
    public static func builtIn(language: String) -> Strings {
        let englishTable = BuiltinTables.table(language: "en")
        let english = englishTable?.table ?? StringTable(name: "Localizable/en.lproj/Localizable.strings", entries: [:])
        var warnings = englishTable?.warnings ?? ["no built-in English strings; showing keys"]
        guard language != "en" else {
            return Strings(language: "en", preferred: [], english: english, loadWarnings: warnings)
        }
        guard let chosen = BuiltinTables.table(language: language) else {
            warnings.append("no built-in strings for language '\(language)'; using English")
            return Strings(language: "en", preferred: [], english: english, loadWarnings: warnings)
        }
        return Strings(language: language, preferred: [chosen.table], english: english,
                       loadWarnings: warnings + chosen.warnings)
    }

    /// These strings with `table` (for example an app's parsed `Localizable.strings`) taking precedence.
    /// Keys that are not ``StringKey`` raw values are ignored; `source` names the table in warnings.
    public func overriding(with table: [String: String], source: String = "overrides") -> Strings {
        Strings(language: language, preferred: [StringTable(name: source, entries: table)] + preferred,
                english: english, loadWarnings: loadWarnings)
    }

    /// The text for `key`.
    public subscript(_ key: StringKey) -> String { values[key] ?? key.rawValue }

    /// The text for `key` with its `%@`/`%d` slots filled from `arguments`; missing arguments render as nothing.
    public func format(_ key: StringKey, _ arguments: FormatArgument...) -> String {
        format(key, arguments: arguments)
    }

    /// The text for `key` with its `%@`/`%d` slots filled from `arguments`; missing arguments render as nothing.
    public func format(_ key: StringKey, arguments: [FormatArgument]) -> String {
        FormatTemplate(self[key]).render(arguments)
    }

    private static func resolve(
        _ key: StringKey, preferred: [StringTable], english: StringTable, warnings: inout [String]
    ) -> String {
        let englishValue = english.entries[key.rawValue].flatMap { $0.isEmpty ? nil : $0 }
        let reference = FormatTemplate(englishValue ?? key.rawValue).signature
        for table in preferred {
            guard let value = table.entries[key.rawValue] else { continue }
            if value.isEmpty {
                warnings.append("\(table.name): \"\(key.rawValue)\" is empty; using the fallback")
                continue
            }
            let signature = FormatTemplate(value).signature
            guard signature == reference else {
                let found = signature?.description ?? "conflicting specifiers"
                let expected = reference?.description ?? "conflicting specifiers"
                warnings.append("\(table.name): \"\(key.rawValue)\" has \(found) but English has \(expected); "
                    + "using the fallback")
                continue
            }
            return value
        }
        return englishValue ?? key.rawValue
    }
}
