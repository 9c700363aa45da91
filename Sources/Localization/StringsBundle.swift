import FoundationEssentials
import StringsFormat

/// An app's own strings, overriding built-in ones key by key: FirebaseUI's `customStringsBundle`.
///
/// Loaded from one of:
/// - a `.strings` file: its entries override every language (like a non-localized resource in an Apple bundle);
/// - a `.xcstrings` String Catalog: each of its languages overrides that language;
/// - a folder holding `<lang>.lproj/Localizable.strings` files and/or a `Localizable.xcstrings` catalog, and
///   optionally a top-level `Localizable.strings` for every language. Folders whose name is not a language
///   (`Base.lproj`) are skipped. A folder that is itself `<lang>.lproj` counts as that language.
///
/// Wherever a `Localizable.strings` is read, UIKit FirebaseUI's `FirebaseAuthUI.strings` is read too (after it,
/// so `Localizable.strings` wins). FirebaseUI's keys in either, and in a catalog, are renamed to ours
/// (``FirebaseUIStringKeys``).
///
/// A bundle's language serves the chosen language when negotiation would pick the chosen one for it, so
/// `zh_TW.lproj` serves `zh-Hant` and `pt.lproj` serves `pt-BR`. For the pseudo-locale `en-XA`, the tables
/// serving `en` are pseudo-localized.
public struct StringsBundle: Sendable {
    /// A table that belongs to one language of the bundle.
    struct LocalizedTable: Sendable {
        /// Canonical language code, e.g. `zh-TW` for `zh_TW.lproj`.
        let language: String
        let table: StringTable
    }

    /// The path the bundle was loaded from.
    public let path: String
    /// Tables for one language each, `.lproj` files before catalog entries, in file order.
    let localized: [LocalizedTable]
    /// Tables that apply to every language.
    let universal: [StringTable]

    /// The languages the bundle has tables for, sorted.
    public var languages: [String] { Array(Set(localized.map(\.language))).sorted() }


    /// Reads the bundle at `path` (a file or folder, as described above).
    public static func load(path: String) throws(StringsBundleError) -> StringsBundle {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unusable(path: path, reason: "no such file or folder")
        }
        if isFolder { return try loadFolder(path) }
        switch URL(filePath: path).pathExtension {
        case "strings":
            return StringsBundle(path: path, localized: [], universal: [try stringsTable(path)])
        case "xcstrings":
            return StringsBundle(path: path, localized: try catalogTables(path), universal: [])
        default:
            throw .unusable(path: path,
                            reason: "expected a .strings file, a .xcstrings file or a folder of .lproj folders")
        }
    }

    /// Whether the bundle has a table of its own for `language` (not counting tables for every language).
    func serves(_ language: String) -> Bool {
        tables(for: language).count > universal.count
    }

    /// The tables to consult for `language` before the built-in table, highest priority first.
    ///
    /// A regional variant falls back to its base language (`de-AT` → `de`), never the other way: `de` takes
    /// nothing from `de-AT` or `de-CH`, as with Apple's bundles. Only when the bundle has nothing more general for
    /// the language does another variety serve it (`zh_TW.lproj` for `zh-Hant`, `nn-NO` for `nn`).
    func tables(for language: String) -> [StringTable] {
        let exact = localized.filter { $0.language.lowercased() == language.lowercased() }
        let related = localized.filter {
            $0.language.lowercased() != language.lowercased()
                && LanguageNegotiation.match($0.language, available: [language]) != nil
        }
        let regionOfLanguage = LanguageTag(language)?.region
        let general = related.filter { LanguageTag($0.language)?.region.map { $0 == regionOfLanguage } ?? true }
        let own = (exact + (exact.isEmpty && general.isEmpty ? related : general)).map(\.table)
        if language == PseudoLocale.language && own.isEmpty {
            return tables(for: "en").map { table in
                StringTable(name: "\(table.name) (as \(language))",
                            entries: table.entries.mapValues(PseudoLocale.transform),
                            plurals: table.plurals.mapValues { $0.mapValues(PseudoLocale.transform) })
            }
        }
        return own + universal
    }

    private static func loadFolder(_ path: String) throws(StringsBundleError) -> StringsBundle {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw .unusable(path: path, reason: "cannot be read")
        }
        let folderName = URL(filePath: path).lastPathComponent
        var lproj: [LocalizedTable] = []
        var catalogs: [LocalizedTable] = []
        var universal: [StringTable] = []
        for name in names {
            let child = joined(path, name)
            if name.hasSuffix(".lproj"), let language = LanguageTag(String(name.dropLast(".lproj".count)))?.code {
                lproj += try stringsTables(in: child).map { LocalizedTable(language: language, table: $0) }
            } else if name == "Localizable.xcstrings" {
                catalogs += try catalogTables(child)
            }
        }
        let own = try stringsTables(in: path)
        if folderName.hasSuffix(".lproj"), let language = LanguageTag(String(folderName.dropLast(6)))?.code {
            lproj += own.map { LocalizedTable(language: language, table: $0) }
        } else {
            universal += own
        }
        guard !(lproj.isEmpty && catalogs.isEmpty && universal.isEmpty) else {
            throw .unusable(path: path, reason: "no <lang>.lproj/Localizable.strings (or FirebaseAuthUI.strings), "
                + "Localizable.xcstrings or Localizable.strings inside")
        }
        return StringsBundle(path: path, localized: lproj + catalogs, universal: universal)
    }

    private static func contents(_ path: String) throws(StringsBundleError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unusable(path: path, reason: "cannot be read")
        }
        return data
    }

    /// The `Localizable.stringsdict`, `Localizable.strings` and `FirebaseAuthUI.strings` directly inside `folder`,
    /// in that order (plural forms win over plain text, as in Apple's bundles).
    private static func stringsTables(in folder: String) throws(StringsBundleError) -> [StringTable] {
        var tables: [StringTable] = []
        let pluralsFile = joined(folder, "Localizable.stringsdict")
        if FileManager.default.fileExists(atPath: pluralsFile) { tables.append(try pluralsTable(pluralsFile)) }
        for name in ["Localizable.strings", FirebaseUIStringKeys.uikitTableFileName] {
            let file = joined(folder, name)
            if FileManager.default.fileExists(atPath: file) { tables.append(try stringsTable(file)) }
        }
        return tables
    }

    /// `name` inside `folder`, spelled as the folder was given (`./strings` stays relative, `//` is not doubled).
    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// A `.stringsdict` file: its keys' plural forms, with the `other` form as plain text.
    private static func pluralsTable(_ path: String) throws(StringsBundleError) -> StringTable {
        let data = try contents(path)
        do throws(StringsParseError) {
            let plurals = try StringsDictParser.parse(data, path: path)
            return StringTable(name: path, entries: plurals.compactMapValues { $0[.other] }, plurals: plurals)
        } catch {
            throw .malformed(error)
        }
    }

    /// A `.strings` file with FirebaseUI's keys renamed: UIKit's in `FirebaseAuthUI.strings`, FirebaseSwiftUI's
    /// elsewhere.
    private static func stringsTable(_ path: String) throws(StringsBundleError) -> StringTable {
        let data = try contents(path)
        do throws(StringsParseError) {
            var repeated: [StringsParseError] = []
            let entries = try StringsFileParser.parse(data, path: path, repeated: &repeated)
            let isUIKit = URL(filePath: path).lastPathComponent == FirebaseUIStringKeys.uikitTableFileName
            return StringTable(name: path,
                               entries: FirebaseUIStringKeys.mapped(entries, from: isUIKit ? .uikit : .swiftUI),
                               notes: repeated.map(\.description))
        } catch {
            throw .malformed(error)
        }
    }

    private static func catalogTables(_ path: String) throws(StringsBundleError) -> [LocalizedTable] {
        let data = try contents(path)
        let catalog: StringCatalogParser.Catalog
        do throws(StringsParseError) {
            catalog = try StringCatalogParser.parse(data, path: path)
        } catch {
            throw .malformed(error)
        }
        return catalog.values.keys.sorted().compactMap { code in
            guard let language = LanguageTag(code)?.code else { return nil }
            let entries = FirebaseUIStringKeys.mapped(catalog.values[code] ?? [:], from: .swiftUI)
            let plurals = FirebaseUIStringKeys.mapped(catalog.plurals[code] ?? [:], from: .swiftUI)
            let notes = (catalog.emptyValues[code] ?? []).map(\.description)
            return LocalizedTable(language: language, table: StringTable(name: "\(path) [\(code)]", entries: entries,
                                                                         plurals: plurals, notes: notes))
        }
    }
}
