import AuthCore
import Testing
@testable import AuthFlow

/// The screen never disagrees with the backend: Esc cannot abandon a call that changes the account, and the busy
/// layer offers it only where it stops a call for good.
@Suite struct AbandonTests {
    private static let credential = AuthCredential.emailPassword(email: "alice@example.com", password: "hunter22")
    private static let factor = MultiFactorAssertion.totp(sessionInfo: "s", code: "123456")

    /// Every call that changes the account, or something outside it (the provisioning command).
    static let changingCalls: [any BackendCall] = [
        AuthCall.SignOut(), AuthCall.ReplaceGuestAndSignIn(credential), AuthCall.LinkCredential(credential),
        AuthCall.Unlink(providerID: "google.com"), AuthCall.UpdatePassword("hunter23"),
        AuthCall.UpdateProfile(displayName: "Alice", photoURL: nil), AuthCall.ApplyActionCode(codeOrLink: "C"),
        AuthCall.ResetPassword(codeOrLink: "C", newPassword: "hunter23"), AuthCall.DeleteAccount(),
        AuthCall.RemoveSecondFactor(uid: "f1"), AuthCall.EnrollSecondFactor(factor, displayName: nil),
        AuthCall.Provision(alice),
    ]

    /// Calls that only read, send a message, or sign in (a sign-in that still succeeds is signed out again).
    static let abandonableCalls: [any BackendCall] = [
        AuthCall.LoadSession(), AuthCall.SignIn(email: "alice@example.com", password: "hunter22"),
        AuthCall.CreateUser(email: "alice@example.com", password: "hunter22"), AuthCall.SignInAnonymously(),
        AuthCall.SignInWithCredential(credential), AuthCall.SendPasswordRecoveryEmail(email: "alice@example.com"),
        AuthCall.SendSignInLink(email: "alice@example.com"), AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"),
        AuthCall.LoadInbox(), AuthCall.SendEmailVerification(), AuthCall.FetchSignInProvider(),
        AuthCall.FetchEmailSignInMethods(email: "alice@example.com"),
        AuthCall.Reauthenticate(credential), AuthCall.LoadSecondFactors(),
        AuthCall.StartPhoneEnrollment(phoneNumber: "+16505551234"), AuthCall.StartTOTPEnrollment(accountName: "a"),
        AuthCall.FetchSignInMethods(email: "alice@example.com", after: .invalidPassword, attempted: "password"),
    ]

    /// Alice on her account screen with `call` in flight.
    private static func waiting(for call: some BackendCall) -> NavigatorState {
        var state = signedInState(alice)
        state.presentation.append(busy(1, call))
        state.nextOperationID = 2
        return state
    }

    @Test(arguments: changingCalls.indices)
    func noAccountChangingCallCanBeAbandoned(index: Int) {
        let call = Self.changingCalls[index]
        #expect(!call.canBeAbandoned, "\(call)")
        let state = Self.waiting(for: call)
        #expect(!Navigator.acts(.backRequested, in: state), "Esc abandoned \(call)")
        #expect(!state.keyBindings.contains { $0.event == .backRequested }, "Esc is offered while \(call) runs")
    }

    @Test(arguments: abandonableCalls.indices)
    func escStopsWaitingForTheOthers(index: Int) {
        let call = Self.abandonableCalls[index]
        #expect(call.canBeAbandoned, "\(call)")
        let (next, effects) = Navigator.update(Self.waiting(for: call), .backRequested)
        #expect(next.operation == nil)
        #expect(effects.first == .cancel(operationID: 1))
    }
}
