import StringsFormat

/// One source of translations, such as a built-in `.lproj` table or an app's overrides, named for warnings.
struct StringTable: Sendable {
    /// Where the entries came from, e.g. `Localizable/de.lproj/Localizable.strings`.
    let name: String
    /// Plural forms by key, for keys a String Catalog gives plural variations.
    let plurals: [String: [PluralCategory: String]]
    /// The language when this is a built-in table; nil for an app's bundle.
    let builtInLanguage: String?
    /// What reading the table found wrong without refusing it (a repeated key, an empty catalog value).
    let notes: [String]
    private let translations: Translations

    /// Where the translations are: decoded, or located in a built-in file's text and decoded when asked for.
    private enum Translations: Sendable {
        case decoded([String: String])
        case indexed(StringsIndex)
    }

    /// A table of `entries` (a key with plural forms also has its `other` form there).
    init(name: String, entries: [String: String], plurals: [String: [PluralCategory: String]] = [:],
         builtInLanguage: String? = nil, notes: [String] = []) {
        self.name = name
        self.plurals = plurals
        self.builtInLanguage = builtInLanguage
        self.notes = notes
        translations = .decoded(entries)
    }

    /// A built-in table whose values are decoded as they are looked up, with the plural forms of its `.stringsdict`.
    init(name: String, index: StringsIndex, plurals: [String: [PluralCategory: String]], builtInLanguage: String) {
        self.name = name
        self.plurals = plurals
        self.builtInLanguage = builtInLanguage
        notes = []
        translations = .indexed(index)
    }

    /// The translation of `key`, if the table has one.
    func value(forKey key: String) -> String? {
        switch translations {
        case .decoded(let entries): entries[key]
        case .indexed(let index): index.value(forKey: key)
        }
    }

    /// Every translation by key (all of them decoded, for a built-in table).
    var entries: [String: String] {
        switch translations {
        case .decoded(let entries): entries
        case .indexed(let index): index.entries
        }
    }
}
