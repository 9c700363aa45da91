/// One source of translations, such as a built-in `.lproj` table or an app's overrides, named for warnings.
struct StringTable: Sendable {
    /// Where the entries came from, e.g. `Localizable/de.lproj/Localizable.strings`.
    let name: String
    /// Translations by key; a key with plural forms also has its `other` form here.
    let entries: [String: String]
    /// Plural forms by key, for keys a String Catalog gives plural variations.
    let plurals: [String: [PluralCategory: String]]
    /// The language when this is a built-in table; nil for an app's bundle.
    let builtInLanguage: String?

    init(name: String, entries: [String: String], plurals: [String: [PluralCategory: String]] = [:],
         builtInLanguage: String? = nil) {
        self.name = name
        self.entries = entries
        self.plurals = plurals
        self.builtInLanguage = builtInLanguage
    }
}
