import AuthCore
import Foundation
import AuthFlow
import Localization
import Testing
import TerminalUI
@testable import AuthScreens

/// Regression (issue 31 item 2): email links and passwords were both "Email", in the list and on the buttons.
@Suite struct SignInMethodNameTests {
    private func accountText(_ providerIDs: [String]) -> String {
        let user = User(uid: "u9", email: "ann@example.com", isEmailVerified: true, providerIDs: providerIDs)
        let state = ScreenStates(providers: ScreenStates.allMethods, user: user).state
        let context = ScreenContext(strings: .builtIn(language: "en"), backendLabel: "local")
        return AuthScreen.render(state, context: context, size: Size(width: 80, height: 60)).textLines()
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    @Test func anEmailLinkAndAPasswordHaveANameEach() {
        let text = accountText(["emailLink", "password"])
        #expect(text.contains("• Email link\n• Password"))
        #expect(text.contains("[ Unlink Email link ]"))
        #expect(text.contains("[ Unlink Password ]"))
        #expect(!text.contains("Unlink Email ]"))
    }

    @Test func anEmailLinkAccountIsOfferedAPasswordNotAnotherEmail() {
        let text = accountText(["emailLink"])
        #expect(text.contains("[ Link Password ]"))
        #expect(!text.contains("Link Email"))
    }

    @Test func theLinkFormIsCalledLinkPassword() {
        var states = ScreenStates(providers: ScreenStates.allMethods,
                                  user: User(uid: "u9", email: "ann@example.com", providerIDs: ["emailLink"]))
        states.focus(.linkButton(.email))
        states.send(.activated)
        let context = ScreenContext(strings: .builtIn(language: "en"), backendLabel: "local")
        let text = AuthScreen.render(states.state, context: context, size: Size(width: 80, height: 24)).textLines()
        #expect(text.contains { $0.contains("[ Link Password ]") })
        #expect(!text.contains { $0.contains("Link Email") })
    }

    @Test func statusAndScreensShareTheNames() {
        let labels = ProviderLabels(strings: .builtIn(language: "ja"))
        #expect(labels.methodName(providerID: .password, providers: []) == "パスワード")
        #expect(labels.methodName(providerID: .emailLink, providers: []) == "メールリンク")
    }
}
