import AuthCore
import AuthFlow
import Localization
import Testing
import TerminalUI
@testable import AuthScreens

/// The busy indicator says what the call in flight does.
@Suite struct BusyTextTests {
    private static func screen(_ states: ScreenStates, language: String = "en") -> String {
        AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: language)),
                          size: Size(width: 80, height: 24)).textLines().joined(separator: "\n")
    }

    /// Regression: signing out said "Authenticating...".
    @Test func signingOutSaysSo() {
        var states = ScreenStates.account
        states.focus(SignedIn.Control.signOutButton)
        states.send(.activated)
        #expect(states.state.operation?.kind == .signingOut)
        #expect(Self.screen(states).contains("Signing out…"))
        #expect(Self.screen(states, language: "de").contains("Sie werden abgemeldet…"))
        #expect(!Self.screen(states).contains("Authenticating"))
    }

    @Test func deletingTheAccountSaysSo() {
        var states = ScreenStates.confirmDelete
        states.send(.focusMovedForward)
        states.send(.activated)
        #expect(states.state.operation?.kind == .deletingAccount)
        #expect(Self.screen(states).contains("Deleting account…"))
    }

    /// Only calls that sign someone in say "Authenticating..." (FirebaseUI's words for them).
    @Test func onlySignInsAuthenticate() {
        let calls: [(any BackendCall, StringKey)] = [
            (AuthCall.SignIn(email: "a@example.com", password: "secret1"), .authenticating),
            (AuthCall.Reauthenticate(.emailPassword(email: "a@example.com", password: "secret1")), .authenticating),
            (AuthCall.LoadSession(), .checkingSession), (AuthCall.SignOut(), .signingOutBusy),
            (AuthCall.SendEmailVerification(), .sendingVerificationEmail),
            (AuthCall.SendSignInLink(email: "a@example.com"), .sendingEmailBusy),
            (AuthCall.VerifyPhoneNumber(phoneNumber: "+15555550100"), .sendingCodeBusy),
            (AuthCall.StartPhoneEnrollment(phoneNumber: "+15555550100"), .sendingCodeBusy),
            (AuthCall.StartTOTPEnrollment(accountName: "a"), .loadingBusy), (AuthCall.LoadInbox(), .loadingBusy),
            (AuthCall.UpdatePassword("secret2"), .savingBusy), (AuthCall.Unlink(providerID: "google.com"), .savingBusy),
            (AuthCall.DeleteAccount(), .deletingAccountBusy),
        ]
        for (call, key) in calls {
            let shown = Operation(id: 1, call: call, owner: .root).busyText
            #expect(shown == key, "\(call)")
        }
    }
}
