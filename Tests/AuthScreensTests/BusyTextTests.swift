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
        let sms = AuthCall.startPhoneEnrollment(phoneNumber: "+15555550100")
        let kinds: [(OperationKind, AuthCall, StringKey)] = [
            (.signingIn, .signOut, .authenticating), (.reauthenticating, .signOut, .authenticating),
            (.loadingSession, .signOut, .checkingSession), (.signingOut, .signOut, .signingOutBusy),
            (.sendingEmailVerification, .sendEmailVerification, .sendingVerificationEmail),
            (.sendingSignInLink, .signOut, .sendingEmailBusy), (.sendingVerificationCode, .signOut, .sendingCodeBusy),
            (.startingSecondFactorEnrollment, sms, .sendingCodeBusy),
            (.startingSecondFactorEnrollment, .startTOTPEnrollment(accountName: "a", issuer: "b"), .loadingBusy),
            (.loadingInbox, .loadInbox, .loadingBusy), (.updatingPassword, .signOut, .savingBusy),
            (.unlinking(providerID: "google.com"), .signOut, .savingBusy), (.deletingAccount, .signOut, .deletingAccountBusy),
        ]
        for (kind, call, key) in kinds {
            #expect(Operation(id: 1, kind: kind, call: call, owner: .root).busyText == key, "\(kind)")
        }
    }
}
