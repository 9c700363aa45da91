/// Action links written into outbox emails, shaped like Firebase's hosted action handler.
enum ActionLink {
    /// The host of every local action link.
    static let base = "https://fauth-tui.local/__/auth/action"

    /// The password-reset link carrying `code` (URL-safe, so it needs no escaping).
    static func resetPassword(code: String) -> String {
        "\(base)?mode=resetPassword&oobCode=\(code)"
    }
}
