import FoundationEssentials

/// Typed access to the files embedded from `Localizable/` and `themes/`; each is read only when asked for.
public enum BuiltinResources {
    /// Contents of `Localizable/<language>.lproj/Localizable.strings`, if that language is built in.
    public static func stringsFile(language: String) -> Data? {
        contents("Localizable/\(language).lproj/Localizable.strings")
    }

    /// Languages with a built-in `.lproj` folder, sorted.
    public static let languages: [String] = {
        EmbeddedResources.paths.compactMap { path -> String? in
            guard path.hasPrefix("Localizable/"), path.hasSuffix(".lproj/Localizable.strings") else { return nil }
            return String(path.dropFirst("Localizable/".count).dropLast(".lproj/Localizable.strings".count))
        }.sorted()
    }()

    /// Contents of `themes/<name>.theme`, if that theme is built in.
    public static func theme(named name: String) -> Data? {
        contents("themes/\(name).theme")
    }

    /// Names of the built-in themes, sorted.
    public static var themeNames: [String] {
        EmbeddedResources.paths.compactMap { path -> String? in
            guard path.hasPrefix("themes/"), path.hasSuffix(".theme") else { return nil }
            return String(path.dropFirst("themes/".count).dropLast(".theme".count))
        }.sorted()
    }

    private static func contents(_ path: String) -> Data? {
        EmbeddedResources.file(path)?.withUTF8Buffer { Data($0) }
    }
}
