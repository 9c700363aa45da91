import AuthCore
import FoundationEssentials

/// Action links written into outbox emails, shaped like Firebase's hosted action handler.
enum ActionLink {
    /// The host of every local action link.
    static let base = "https://fauth-tui.local/__/auth/action"

    /// The password-reset link carrying `code` (URL-safe, so it needs no escaping).
    static func resetPassword(code: String) -> String {
        "\(base)?mode=resetPassword&oobCode=\(code)"
    }

    /// The email-verification link carrying `code`.
    static func verifyEmail(code: String) -> String {
        "\(base)?mode=verifyEmail&oobCode=\(code)"
    }

    /// The link carrying `code` that changes an account's email to the one the code names.
    static func verifyAndChangeEmail(code: String) -> String {
        "\(base)?mode=verifyAndChangeEmail&oobCode=\(code)"
    }

    /// The link carrying `code` that restores the email an account had before it changed.
    static func recoverEmail(code: String) -> String {
        "\(base)?mode=recoverEmail&oobCode=\(code)"
    }

    /// The email sign-in link carrying `code` and, when given, the percent-encoded URL the app continues at.
    static func signIn(code: String, continueURL: String?) -> String {
        let link = "\(base)?mode=signIn&oobCode=\(code)"
        guard let continueURL else { return link }
        return link + "&continueUrl=\(PercentEncoding.encode(continueURL))"
    }

    /// Whether `text` is an email sign-in link (`mode=signIn` with an `oobCode`), bare or inside another
    /// link's `link` parameter as Firebase Dynamic Links wrap it.
    static func isSignIn(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespaceAndNewlines()
        guard let items = URLComponents(string: trimmed)?.queryItems else { return false }
        let mode = items.first { $0.name == "mode" }?.value
        let code = items.first { $0.name == "oobCode" }?.value ?? ""
        if mode == "signIn" && !code.isEmpty { return true }
        guard let inner = items.first(where: { $0.name == "link" })?.value, inner.count < trimmed.count else {
            return false
        }
        return isSignIn(inner)
    }
}
