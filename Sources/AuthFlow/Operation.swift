import AuthCore

/// What an in-flight call is doing.
public enum OperationKind: Hashable, Sendable {
    case loadingSession
    case signingIn
    case signingInWithEmailLink
    case signingUp
    case sendingPasswordRecoveryEmail
    case resettingPassword
    case signingOut
    case loadingInbox
    case sendingSignInLink
    case sendingVerificationCode
    case linkingCredential
    /// Looking up the methods an email used before, after `failure` (legacy sign-in recovery).
    case checkingPreviousSignInMethods(email: String, failure: AuthErrorCode, attemptedProviderID: String)
}

extension OperationKind {
    /// Whether the call signs someone in (FirebaseUI shows `.authenticating` meanwhile).
    public var isSignIn: Bool { self == .signingIn || self == .signingInWithEmailLink || self == .signingUp }
}

/// An in-flight call; responses carry its id so a stale one (after Esc) is recognised.
public struct Operation: Hashable, Sendable {
    public var id: Int
    public var kind: OperationKind
    /// The credential a sign-in is trying, kept to resolve a conflict it may hit.
    public var credential: AuthCredential?

    public init(id: Int, kind: OperationKind, credential: AuthCredential? = nil) {
        self.id = id
        self.kind = kind
        self.credential = credential
    }
}
