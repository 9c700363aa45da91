import BuiltinResources
import StringsFormat
import Synchronization

/// The string tables embedded in the binary, with the index made when it was built (`StringsIndex`); each is
/// kept once asked for.
enum BuiltinTables {
    private static let cache = Mutex<[String: StringTable]>([:])

    /// The embedded languages plus the pseudo-locale `en-XA`, sorted.
    static let languages: [String] = (BuiltinResources.languages + [PseudoLocale.language]).sorted()

    /// The tables that serve `language`, most specific first: a regional variant's own small table and then
    /// its base language's (`de-AT` → `de`, `zh-Hant-TW` → `zh-Hant`). Empty when `language` is not built in.
    static func chain(language: String) -> [StringTable] {
        guard table(language: language) != nil else { return [] }
        return chainCodes(for: language).compactMap { table(language: $0) }
    }

    /// `language` and the codes it falls back to before English: its region dropped, step by step. A script
    /// variant such as `sr-Latn` stands alone (it is a full table, not an override of Cyrillic `sr`), and so
    /// does the pseudo-locale.
    static func chainCodes(for language: String) -> [String] {
        guard language != PseudoLocale.language, let tag = LanguageTag(language), tag.region != nil else {
            return [language]
        }
        return [language] + chainCodes(for: LanguageTag(language: tag.language, script: tag.script).code)
    }

    /// The table for `language`, or nil when that language is not built in.
    static func table(language: String) -> StringTable? {
        if let known = cache.withLock({ $0[language] }) { return known }
        let loaded: StringTable
        if language == PseudoLocale.language {
            guard let english = table(language: "en") else { return nil }
            loaded = StringTable(name: "en-XA (pseudo-locale made from en)",
                                 entries: english.entries.mapValues(PseudoLocale.transform), builtInLanguage: language)
        } else {
            guard let file = BuiltinResources.stringsTable(language: language) else { return nil }
            // Built-in tables were checked and indexed when the binary was built (`EmbedResources`).
            let path = "Localizable/\(language).lproj/Localizable.strings"
            let index = StringsIndex(utf8: file.text, path: path, layout: file.index)
            // Checked by `strings check --builtin` and the tests: a built-in file that does not parse has no forms.
            let plurals = BuiltinResources.pluralsFile(language: language).flatMap { data in
                try? StringsDictParser.parse(data, path: "Localizable/\(language).lproj/Localizable.stringsdict")
            }
            loaded = StringTable(name: path, index: index, plurals: plurals ?? [:], builtInLanguage: language)
        }
        cache.withLock { $0[language] = loaded }
        return loaded
    }
}
