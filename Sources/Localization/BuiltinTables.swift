import BuiltinResources
import Synchronization

/// The string tables embedded in the binary, each parsed on first use and then kept.
enum BuiltinTables {
    /// A parsed built-in table, with the parse error that emptied it, if any.
    struct Loaded: Sendable {
        let table: StringTable
        let warnings: [String]
    }

    private static let cache = Mutex<[String: Loaded]>([:])

    /// The embedded languages plus the pseudo-locale `en-XA`, sorted.
    static var languages: [String] {
        (BuiltinResources.languages + [PseudoLocale.language]).sorted()
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
            guard let data = BuiltinResources.stringsFile(language: language) else { return nil }
            let path = "Localizable/\(language).lproj/Localizable.strings"
            do {
                let entries = try StringsFileParser.parse(data, path: path)
                loaded = Loaded(table: StringTable(name: path, entries: entries, builtInLanguage: language),
                                warnings: [])
            } catch {
                loaded = Loaded(table: StringTable(name: path, entries: [:], builtInLanguage: language),
                                warnings: ["\(error); table ignored"])
            }
        }
        cache.withLock { $0[language] = loaded }
        return loaded
    }
}
