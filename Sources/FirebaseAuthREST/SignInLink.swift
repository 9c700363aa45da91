import FoundationEssentials

/// Email sign-in links as Firebase (or an emulator) sends them.
enum SignInLink {
    /// Whether `text` is a sign-in link (`mode=signIn` with a non-empty `oobCode`), bare or inside another
    /// link's `link` parameter as Dynamic Links wrap it.
    static func isSignIn(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespaceAndNewlines()
        guard let items = URLComponents(string: trimmed)?.queryItems else { return false }
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if value("mode") == "signIn", let code = value("oobCode"), !code.isEmpty { return true }
        guard let inner = value("link"), inner.count < trimmed.count else { return false }
        return isSignIn(inner)
    }
}
