import Localization
import Testing
import TerminalUI
@testable import AuthScreens

/// Issue 31 item 10: labels written for signing in are not reused where nobody signs in.
@Suite struct SignInLabelsTests {
    private func text(_ states: ScreenStates) -> String {
        AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: "en")),
                          size: Size(width: 80, height: 24)).textLines().joined(separator: "\n")
    }

    @Test func linkingAPhoneIsTitledAsTheButtonThatOpenedIt() {
        let screen = text(.linkPhone)
        #expect(screen.contains("Link Phone"))
        #expect(!screen.contains("Sign in with phone"))
    }

    @Test func aSecondFactorProvingWhoIsSignedInSaysVerify() {
        let screen = text(.secondFactorReauthentication)
        #expect(screen.contains("[ Verify ]") && screen.contains("Sign in again"))
        #expect(!screen.contains("Complete sign-in with your second factor"))
        #expect(!screen.contains("Complete sign-in ]") && !screen.contains("Verify and sign in"))
    }
}
