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

    /// The table for `language`, or nil when that language is not built in.
    static func table(language: String) -> Loaded? {
        if let known = cache.withLock({ $0[language] }) { return known }
        guard let data = BuiltinResources.stringsFile(language: language) else { return nil }
        let path = "Localizable/\(language).lproj/Localizable.strings"
        let loaded: Loaded
        do {
            loaded = Loaded(table: StringTable(name: path, entries: try StringsFileParser.parse(data, path: path)),
                            warnings: [])
        } catch {
            loaded = Loaded(table: StringTable(name: path, entries: [:]), warnings: ["\(error); table ignored"])
        }
        cache.withLock { $0[language] = loaded }
        return loaded
    }
}
