import AuthCore

/// The backend no longer accepts the signed-in person's session: the account was deleted or disabled elsewhere, or
/// its tokens were revoked. As with FirebaseUI (the Firebase SDK signs the user out when such an answer comes, and
/// the picker shows again), the person is signed out and told why, so "Your session has expired" never shows while
/// the screen still says they are signed in (issue 31 item 8). The REST client has already forgotten the session
/// by then; `.discardSession` ends it in any backend.
public enum SessionEnd {
    /// Why the session ended.
    public enum Reason: Hashable, Sendable {
        /// USER_DISABLED.
        case accountDisabled
        /// USER_NOT_FOUND: deleted elsewhere.
        case accountDeleted
        /// TOKEN_EXPIRED, INVALID_ID_TOKEN: revoked, or refused after a password change elsewhere.
        case signInRevoked
    }

    /// The codes that end a signed-in session, with why.
    static let reasons: [AuthErrorCode: Reason] = [
        .userDisabled: .accountDisabled, .userNotFound: .accountDeleted,
        .tokenExpired: .signInRevoked, .invalidIdToken: .signInRevoked,
    ]

    /// Signs out after an answer that ends the signed-in session, and says why; nil for other answers.
    static func step(_ response: OperationResponse, of operation: Operation,
                     in navigator: inout NavigatorState) -> [NavigatorEffect]? {
        guard navigator.currentUser != nil, let code = response.failure?.code, let reason = reasons[code],
              isAboutTheSession(code, operation) else { return nil }
        let effects = navigator.signedIn(as: nil)
        navigator.present(AlertPresentation(.signedOut(reason)))
        return [.discardSession] + effects
    }

    /// A sign-in's "no such account" or "disabled" is about the account it tried, not a guest's session; a step of
    /// signing in again is about the signed-in account, and refused tokens are always the session's.
    private static func isAboutTheSession(_ code: AuthErrorCode, _ operation: Operation) -> Bool {
        if case .reauthentication = operation.purpose { return true }
        return reasons[code] == .signInRevoked || !operation.call.answers(SignInOutcome.self)
    }
}
