import AuthCore

/// FirebaseUI's form validators, as pure checks.
public enum FormValidators {
    /// The backends' email rule (`EmailAddress`), not FirebaseUI's ASCII-only pattern: the form never refuses
    /// an address the backend takes (DECISIONS.md).
    public static func isValidEmail(_ email: String) -> Bool {
        EmailAddress.isWellFormed(email)
    }

    /// Firebase's minimum password length.
    public static let minimumPasswordLength = 6

    /// Whether a new password is long enough.
    public static func isLongEnough(_ password: String) -> Bool { password.count >= minimumPasswordLength }
}
