import AuthCore

/// A modal alert over the current screen, described semantically (screens choose the words).
public enum AlertState: Hashable, Sendable {
    /// A failed operation; `during` tells which wording fits (e.g. sign-up vs sign-in rate limits).
    case error(AuthErrorCode, during: OperationKind)
    /// FirebaseUI's "Check your email" after a recovery email was requested.
    case passwordRecoveryEmailSent(email: String)
    /// The password was reset; the person signs in with the new one.
    case passwordResetComplete
    /// FirebaseUI's "Sign-in email sent".
    case signInLinkSent(email: String)
    /// A credential kept from a conflict was linked to the account that signed in.
    case credentialLinked(providerID: String)
}
