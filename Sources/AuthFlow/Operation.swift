import AuthCore

/// What an in-flight call is doing, for its busy text and the wording of its errors; each call says which
/// (`BackendCall.kind`), and calls doing the same share one.
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
    /// Asking a provider for a device code, or polling it for the person's approval.
    case signingInOnAnotherDevice
    /// Running the provisioning command before the signed-in screen shows.
    case provisioning
    /// Finishing a sign-in with its second factor's code.
    case verifyingSecondFactor
    case loadingSecondFactors
    case removingSecondFactor
    /// Texting the code that proves a number to enrol.
    case sendingEnrollmentCode
    /// Getting an authenticator-app secret.
    case startingSecondFactorEnrollment
    case enrollingSecondFactor
    /// Looking up the methods an email used before (legacy sign-in recovery).
    case checkingPreviousSignInMethods
    case sendingEmailVerification
    case verifyingEmail
    case updatingPassword
    case updatingProfile
    case unlinking
    case deletingAccount
    /// Finding out how to ask the person to sign in again.
    case checkingSignInProvider
    case reauthenticating
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
    public var call: AuthCall
    /// The element that started it: its answer goes there, and it is cancelled when that element goes.
    public var owner: ElementID
    public var purpose: Purpose

    /// Why a call runs.
    public enum Purpose: Hashable, Sendable {
        /// Someone asked for it.
        case request
        /// The single replay of a call refused for an old sign-in: a second refusal is reported, not asked again.
        case replay
        /// A step of signing in again, after which `RefusedCall` runs again.
        case reauthentication(RefusedCall)
    }

    public init(id: Int, call: AuthCall, owner: ElementID, purpose: Purpose = .request) {
        self.id = id
        self.call = call
        self.owner = owner
        self.purpose = purpose
    }

    public init(id: Int, call: some BackendCall, owner: ElementID, purpose: Purpose = .request) {
        self.init(id: id, call: AuthCall(call), owner: owner, purpose: purpose)
    }

    /// What the call is doing.
    public var kind: OperationKind { call.kind }
}

/// A call in flight shows as the busy layer; Esc stops waiting for it, unless it must not be left half-done.
extension Operation: Feature {
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        input == .backRequested ? stopWaiting(as: id, in: &navigator) : []
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        call.canBeAbandoned ? [.escape(.stop)] : []
    }

    /// Esc while the call is in flight: its task is cancelled, unless it must not be left half-done.
    private func stopWaiting(as id: ElementID, in navigator: inout NavigatorState) -> [NavigatorEffect] {
        guard call.canBeAbandoned else { return [] }
        navigator.remove(id)
        if navigator.authenticationState == .authenticating { navigator.authenticationState = .unauthenticated }
        return call.base is AuthCall.LoadSession ? [.quit] : []
    }
}
