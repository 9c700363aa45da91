import FoundationEssentials

/// Typed access to the files embedded from `Localizable/` and `themes/`; each is read only when asked for.
public enum BuiltinResources {
    /// The bytes of `Localizable/<language>.lproj/Localizable.strings` (UTF-8), if that language is built in.
    public static func stringsFile(language: String) -> [UInt8]? {
        stringsTable(language: language)?.text
    }

    /// The same with the table's index (`StringsIndex.layout`), made when the binary was built.
    public static func stringsTable(language: String) -> (text: [UInt8], index: ArraySlice<UInt32>)? {
        EmbeddedResources.stringsFile(language).map { file in
            (file.text.withUTF8Buffer { Array($0.dropLast()) }, file.index)
        }
    }

    /// The bytes of `Localizable/<language>.lproj/Localizable.stringsdict`, if that language has plural forms.
    public static func pluralsFile(language: String) -> Data? {
        EmbeddedResources.pluralsFile(language).map(contents)
    }

    /// Languages with a built-in `.lproj` folder, sorted.
    public static var languages: [String] { EmbeddedResources.languages }

    /// Contents of `themes/<name>.theme`, if that theme is built in.
    public static func theme(named name: String) -> Data? {
        EmbeddedResources.theme(name).map(contents)
    }

    /// Names of the built-in themes, sorted.
    public static var themeNames: [String] { EmbeddedResources.themeNames }

    /// An embedded file's bytes without the NUL the generator puts after them.
    private static func contents(_ file: StaticString) -> Data {
        file.withUTF8Buffer { Data(bytes: $0.baseAddress!, count: $0.count - 1) }
    }
}
