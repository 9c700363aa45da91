/// Where the text shown for a key came from, as `fauth-tui strings list` reports it.
public enum StringSource: Sendable, Hashable, CustomStringConvertible {
    /// An app's strings bundle; the associated value names the file (and catalog language).
    case custom(String)
    /// The built-in table of the language in use.
    case builtIn(language: String)
    /// Built-in English, because the language in use has no acceptable text for the key.
    case englishFallback
    /// No table has text for the key, so the key itself is shown.
    case key

    /// `custom <file>`, `built-in de`, `built-in en (fallback)` or `key (no text)`.
    public var description: String {
        switch self {
        case .custom(let name): "custom \(name)"
        case .builtIn(let language): "built-in \(language)"
        case .englishFallback: "built-in en (fallback)"
        case .key: "key (no text)"
        }
    }
}
