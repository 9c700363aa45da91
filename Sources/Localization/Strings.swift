import Synchronization

/// The text the screens show, in one language, with an app's overrides applied.
///
/// Each key resolves to the first acceptable value among: the overrides (newest first), the built-in table of
/// the chosen language (a regional variant's own table, then its base language's: `de-AT` → `de`), built-in
/// English, and finally the key itself, so a lookup never fails and is never
/// empty. A translation is refused, with a warning, when it is empty or when its format specifiers (count and
/// kinds, order-free when positional) differ from the English text's.
public struct Strings: Sendable {
    /// The language in use: the one asked for, or `en` when neither the built-in tables nor the app's bundle
    /// have it.
    public let language: String
    /// What went wrong while loading the tables (unreadable tables, a language without strings).
    public let loadWarnings: [String]

    /// Everything that went wrong: `loadWarnings`, then the translations refused for each key (this resolves
    /// every key); empty when all is well.
    public var warnings: [String] { loadWarnings + StringKey.allCases.flatMap { resolution(of: $0).warnings } }

    /// Whether an app's tables (a bundle or overrides) take part; the built-in ones are checked by
    /// `strings check --builtin`, so only an app's tables can have translations to refuse at start.
    public var hasCustomTables: Bool { preferred.contains { $0.builtInLanguage == nil } }

    /// The text chosen for one key, where it came from and, from a String Catalog, its plural forms.
    private struct Resolution: Sendable {
        let value: String
        let source: StringSource
        let plurals: [PluralCategory: String]
        /// The language whose plural rules pick among `plurals`.
        let pluralLanguage: String
        /// The translations refused on the way, and why.
        var warnings: [String] = []

        /// The plural form the first number among `arguments` needs, or the plain text when there is none.
        func text(counting arguments: [FormatArgument]) -> String {
            guard !plurals.isEmpty, let count = arguments.lazy.compactMap(\.count).first else { return value }
            let category = PluralRules.category(of: count, language: pluralLanguage)
            return plurals[category] ?? plurals[.other] ?? value
        }
    }

    /// Keys resolved so far: a run resolves only the keys its screens show.
    private final class Resolved: Sendable {
        /// By raw value: the tables are keyed by strings already, while a dictionary keyed by `StringKey` itself
        /// would make the runtime look for its `Hashable` conformance through the whole binary at every start.
        let resolutions = Mutex<[String: Resolution]>([:])
    }

    private let preferred: [StringTable]
    private let english: StringTable
    private let resolved = Resolved()

    /// Strings over `preferred` tables (highest priority first), then `english`, then the key; each key is
    /// resolved on first use.
    init(language: String, preferred: [StringTable], english: StringTable, loadWarnings: [String]) {
        self.language = language
        self.preferred = preferred
        self.english = english
        self.loadWarnings = loadWarnings
    }

    private func resolution(of key: StringKey) -> Resolution {
        if let known = resolved.resolutions.withLock({ $0[key.rawValue] }) { return known }
        let resolution = Self.resolve(key, language: language, preferred: preferred, english: english)
        resolved.resolutions.withLock { $0[key.rawValue] = resolution }
        return resolution
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu, …).
    public var isRightToLeft: Bool { LanguageTag(language)?.isRightToLeft ?? false }

    /// Whether the language's script joins letters that a terminal shows apart (Syriac, N'Ko, Adlam, Hanifi
    /// Rohingya): drawn right to left, but not shaped.
    public var lettersStayUnjoined: Bool { LanguageTag(language)?.lettersStayUnjoined ?? false }

    /// Every language that is built in, including the pseudo-locale `en-XA`, sorted.
    public static var builtInLanguages: [String] { BuiltinTables.languages }

    /// The built-in strings for `language` (e.g. `en`, `de`, `zh-Hant`), falling back to English.
    public static func builtIn(language: String) -> Strings {
        load(language: language, bundle: nil)
    }

    /// The strings for `language`: the tables of `bundle` that serve it, then its built-in table, then English.
    ///
    /// `language` should come from ``LanguageNegotiation``; one that is neither built in nor in the bundle
    /// gives English with a warning.
    public static func load(language: String, bundle: StringsBundle?) -> Strings {
        let englishTable = BuiltinTables.table(language: "en")
        let english = englishTable ?? StringTable(name: "Localizable/en.lproj/Localizable.strings", entries: [:])
        var warnings = englishTable == nil ? ["no built-in English strings; showing keys"] : []
        let custom = bundle?.tables(for: language) ?? []
        guard language != "en" else {
            return Strings(language: "en", preferred: custom, english: english, loadWarnings: warnings)
        }
        let chain = BuiltinTables.chain(language: language)
        if !chain.isEmpty {
            return Strings(language: language, preferred: custom + chain, english: english, loadWarnings: warnings)
        }
        if let bundle, bundle.serves(language) {
            return Strings(language: language, preferred: custom, english: english, loadWarnings: warnings)
        }
        warnings.append("no built-in strings for language '\(language)'; using English")
        return Strings(language: "en", preferred: bundle?.tables(for: "en") ?? [], english: english,
                       loadWarnings: warnings)
    }

    /// These strings with `table` (for example an app's parsed `Localizable.strings`) taking precedence.
    /// Keys that are not ``StringKey`` raw values are ignored; `source` names the table in warnings.
    public func overriding(with table: [String: String], source: String = "overrides") -> Strings {
        Strings(language: language, preferred: [StringTable(name: source, entries: table)] + preferred,
                english: english, loadWarnings: loadWarnings)
    }

    /// The text for `key`.
    public subscript(_ key: StringKey) -> String { resolution(of: key).value }

    /// Where the text for `key` came from.
    public func source(of key: StringKey) -> StringSource { resolution(of: key).source }

    /// The text for `key` with its `%@`/`%d` slots filled from `arguments`; missing arguments render as nothing.
    public func format(_ key: StringKey, _ arguments: FormatArgument...) -> String {
        format(key, arguments: arguments)
    }

    /// The text for `key` with its `%@`/`%d` slots filled from `arguments`; missing arguments render as nothing.
    ///
    /// A key with plural forms takes the form its first number argument needs in the language the text came from
    /// (CLDR's rules, `PluralRules`); a missing form falls back to `other`, then to the plain text.
    /// In a right-to-left language each text argument is wrapped in a first-strong isolate (U+2068 … U+2069),
    /// so an address or a phone number such as "+16505551234" keeps its own order inside the sentence. Number
    /// arguments are written with the language's digits (`LocaleDigits`); text arguments stay as given.
    public func format(_ key: StringKey, arguments: [FormatArgument]) -> String {
        FormatTemplate(resolution(of: key).text(counting: arguments)).render(arguments.map(shown))
    }

    /// `text` (a number or a time such as "13:58", in ASCII digits) written with the language's digits.
    public func digits(_ text: String) -> String { LocaleDigits.localized(text, language: language) }

    /// `argument` as the text shows it: a number in the language's digits, text isolated in a right-to-left one.
    private func shown(_ argument: FormatArgument) -> FormatArgument {
        switch argument {
        case .int(let value): .string(digits(String(value)))
        case .string: isRightToLeft ? argument.isolated : argument
        }
    }

    private static func resolve(_ key: StringKey, language: String, preferred: [StringTable],
                                english: StringTable) -> Resolution {
        let englishValue = english.value(forKey: key.rawValue).flatMap { $0.isEmpty ? nil : $0 }
        var warnings: [String] = []
        for table in preferred {
            guard let value = table.value(forKey: key.rawValue) else { continue }
            if value.isEmpty {
                warnings.append("\(table.name): \"\(key.rawValue)\" is empty; using the fallback")
                continue
            }
            let reference = FormatTemplate(englishValue ?? key.rawValue).signature
            let signature = FormatTemplate(value).signature
            guard signature == reference else {
                let found = signature?.description ?? "conflicting specifiers"
                let expected = reference?.description ?? "conflicting specifiers"
                warnings.append("\(table.name): \"\(key.rawValue)\" has \(found) but English has \(expected); "
                    + "using the fallback")
                continue
            }
            let source: StringSource = table.builtInLanguage.map { .builtIn(language: $0) } ?? .custom(table.name)
            let plurals = acceptedPlurals(table.plurals[key.rawValue] ?? [:], of: key, in: table,
                                          reference: reference, warnings: &warnings)
            return Resolution(value: value, source: source, plurals: plurals, pluralLanguage: language,
                              warnings: warnings)
        }
        guard let englishValue else {
            return Resolution(value: key.rawValue, source: .key, plurals: [:], pluralLanguage: "en", warnings: warnings)
        }
        return Resolution(value: englishValue, source: language == "en" ? .builtIn(language: "en") : .englishFallback,
                          plurals: english.plurals[key.rawValue] ?? [:], pluralLanguage: "en", warnings: warnings)
    }

    /// The plural forms whose slots all exist in the English text with the same kinds; a form may leave
    /// slots out ("one file" needs no number). Refused forms are reported and fall back to `other`.
    private static func acceptedPlurals(
        _ forms: [PluralCategory: String], of key: StringKey, in table: StringTable, reference: FormatSignature?,
        warnings: inout [String]
    ) -> [PluralCategory: String] {
        var accepted: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases {
            guard let form = forms[category] else { continue }
            if let signature = FormatTemplate(form).signature, let reference,
               signature.kinds.allSatisfy({ reference.kinds[$0.key] == $0.value }) {
                accepted[category] = form
            } else {
                warnings.append("\(table.name): plural form \"\(category.rawValue)\" of \"\(key.rawValue)\" uses "
                    + "arguments the English text lacks; using \"other\"")
            }
        }
        return accepted
    }
}
