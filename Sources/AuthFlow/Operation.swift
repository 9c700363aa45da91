import AuthCore

/// What an in-flight call is doing, for its wording and for what its result means.
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
    case beginningBrowserSignIn
    /// Running the provisioning command before the signed-in screen shows.
    case provisioning
    /// Finishing a sign-in with its second factor's code.
    case verifyingSecondFactor
    case loadingSecondFactors
    case removingSecondFactor
    /// Texting an enrolment code, or getting an authenticator-app secret.
    case startingSecondFactorEnrollment
    case enrollingSecondFactor
    /// Looking up the methods an email used before, after `failure` (legacy sign-in recovery).
    case checkingPreviousSignInMethods(email: String, failure: AuthErrorCode, attemptedProviderID: String)
}

extension OperationKind {
    /// Whether the call signs someone in (FirebaseUI shows `.authenticating` meanwhile).
    public var isSignIn: Bool {
        self == .signingIn || self == .signingInWithEmailLink || self == .signingUp || self == .verifyingSecondFactor
    }
}

/// An in-flight call: the exact call it started, so Retry can send it again; responses carry its id.
public struct Operation: Hashable, Sendable {
    public var id: Int
    public var kind: OperationKind
    public var call: AuthCall

    public init(id: Int, kind: OperationKind, call: AuthCall) {
        self.id = id
        self.kind = kind
        self.call = call
    }
}
