import FoundationEssentials

/// URIs a request names for the app to continue at (`continueUrl`, `continueUri`).
enum AbsoluteURI {
    /// Whether `text` is absolute, as Firebase's emulator asks (what `new URL(text)` takes without a base): it
    /// opens with a scheme. `noSchemeOrHost` and `/path` are not.
    static func isAbsolute(_ text: String) -> Bool {
        guard let scheme = URLComponents(string: text)?.scheme else { return false }
        return !scheme.isEmpty
    }
}
