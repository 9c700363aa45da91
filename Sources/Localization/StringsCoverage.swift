/// How completely and correctly one table translates the keys the app uses, as `fauth-tui strings check`
/// reports it.
public struct CoverageReport: Sendable, Hashable {
    /// The table's language, or `*` for a table that applies to every language.
    public let language: String
    /// The file (and catalog language) the table came from.
    public let source: String
    /// How many keys the app uses.
    public let total: Int
    /// How many of them the table translates acceptably.
    public let translated: Int
    /// Keys the app uses that the table lacks or leaves empty, in ``StringKey`` order.
    public let missing: [String]
    /// Keys in the table that the app does not use, sorted.
    public let unknown: [String]
    /// Refused values (specifiers that differ from English, unreadable table), one message each.
    public let problems: [String]

    /// Translated keys in percent, rounded down to one decimal so that only a complete table shows 100.0.
    public var percentage: Double {
        guard total > 0 else { return 100 }
        return Double(translated * 1000 / total) / 10
    }
}

/// Measures tables against the keys the app uses and the English reference text.
public enum StringsCoverage {
    /// One report per built-in language (`en-XA` included), in language order. A regional variant counts
    /// with the base language it overrides (`de-AT` over `de`), as the interface shows it.
    public static func builtIn() -> [CoverageReport] {
        BuiltinTables.languages.compactMap { language in
            let chain = BuiltinTables.chain(language: language)
            guard let own = chain.first else { return nil }
            return report(own, inheriting: Array(chain.dropFirst()), language: language)
        }
    }

    /// One report per table of `bundle`: its languages in order, then the table for every language, if any.
    public static func bundle(_ bundle: StringsBundle) -> [CoverageReport] {
        bundle.localized.map { report($0.table, language: $0.language) }
            + bundle.universal.map { report($0, language: "*") }
    }

    /// How much of the app's keys `table` translates, with the `inherited` tables it overrides (a regional
    /// variant's base language) counting too; English never counts unless it is the table itself.
    static func report(_ table: StringTable, inheriting inherited: [StringTable] = [],
                       language: String) -> CoverageReport {
        let english = BuiltinTables.table(language: "en") ?? StringTable(name: "en", entries: [:])
        let filled = StringTable(name: table.name, entries: table.entries.filter { !$0.value.isEmpty },
                                 plurals: table.plurals, builtInLanguage: table.builtInLanguage, notes: table.notes)
        let tables = [filled] + inherited
        let strings = Strings(language: language, preferred: tables, english: english, loadWarnings: [])
        let ownSources = Set(tables.map { table in
            table.builtInLanguage.map { StringSource.builtIn(language: $0) } ?? .custom(table.name)
        })
        let translated = StringKey.allCases.filter { ownSources.contains(strings.source(of: $0)) }
        let known = Set(StringKey.allCases.map(\.rawValue))
        return CoverageReport(
            language: language, source: table.name, total: StringKey.allCases.count, translated: translated.count,
            missing: StringKey.allCases.map(\.rawValue)
                .filter { key in tables.allSatisfy { $0.value(forKey: key) == nil } },
            unknown: table.entries.keys.filter { !known.contains($0) }.sorted(),
            problems: table.notes + strings.warnings + missingPluralForms(in: table, language: language))
    }

    /// A problem for each plural whose forms lack a category that CLDR's rules for `language` use.
    private static func missingPluralForms(in table: StringTable, language: String) -> [String] {
        guard language != "*" else { return [] }
        let required = PluralRules.requiredCategories(language: language)
        return table.plurals.sorted { $0.key < $1.key }.compactMap { key, forms in
            let lacking = PluralCategory.allCases.filter { required.contains($0) && forms[$0] == nil }
            guard !lacking.isEmpty else { return nil }
            let names = lacking.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            return "\(table.name): plural \"\(key)\" lacks \(names), which \(language) needs"
        }
    }
}
