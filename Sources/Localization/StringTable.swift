/// One source of translations, such as a built-in `.lproj` table or an app's overrides, named for warnings.
struct StringTable: Sendable {
    /// Where the entries came from, e.g. `Localizable/de.lproj/Localizable.strings`.
    let name: String
    /// Translations by key.
    let entries: [String: String]
}
