import BuiltinResources
import Synchronization

/// The string tables embedded in the binary, each indexed on first use (`StringsIndex`) and then kept.
enum BuiltinTables {
    /// An indexed built-in table, with the parse error that emptied it, if any.
    struct Loaded: Sendable {
        let table: StringTable
        let warnings: [String]
    }

    private static let cache = Mutex<[String: Loaded]>([:])

    /// The embedded languages plus the pseudo-locale `en-XA`, sorted.
    static let languages: [String] = (BuiltinResources.languages + [PseudoLocale.language]).sorted()

    /// The tables that serve `language`, most specific first: a regional variant's own small table and then
    /// its base language's (`de-AT` → `de`, `zh-Hant-TW` → `zh-Hant`). Empty when `language` is not built in.
    static func chain(language: String) -> [Loaded] {
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
    static func table(language: String) -> Loaded? {
        if let known = cache.withLock({ $0[language] }) { return known }
        let loaded: Loaded
        if language == PseudoLocale.language {
            guard let english = table(language: "en") else { return nil }
            loaded = Loaded(table: StringTable(name: "en-XA (pseudo-locale made from en)",
                                               entries: english.table.entries.mapValues(PseudoLocale.transform),
                                               builtInLanguage: language),
                            warnings: english.warnings)
        } else {
            guard let text = BuiltinResources.stringsFile(language: language) else { return nil }
            let path = "Localizable/\(language).lproj/Localizable.strings"
            do {
                // Built-in files are UTF-8 without a byte order mark (`BuiltinStringsTests` checks each), so
                // they are read as they are, without the whole-file check an app's tables get.
                let index = try StringsIndex(utf8: text, path: path)
                loaded = Loaded(table: StringTable(name: path, index: index, builtInLanguage: language), warnings: [])
            } catch {
                loaded = Loaded(table: StringTable(name: path, entries: [:], builtInLanguage: language),
                                warnings: ["\(error); table ignored"])
            }
        }
        cache.withLock { $0[language] = loaded }
        return loaded
    }
}
