import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// Alert buttons whose captions do not fit side by side stand one above the other, whole.
@Suite struct AlertButtonTests {
    /// Alerts with two buttons, some with long captions in many languages.
    static let alerts: [String: ScreenStates] = [
        "delete account": .confirmDelete, "unlink": .confirmUnlink, "guest conflict": .guestConflict,
        "quit": .quitWithTypedInput,
    ]

    /// Regression: at 40 columns "Konto löschen" became "[ Konto l… ]" (and English "[ Delete a… ]").
    @Test(arguments: Strings.builtInLanguages.filter { !Strings.builtIn(language: $0).isRightToLeft })
    func noCaptionIsCutAtFortyColumns(language: String) throws {
        let strings = Strings.builtIn(language: language)
        for (name, states) in Self.alerts.sorted(by: { $0.key < $1.key }) {
            let alert = try #require(states.state.alert, "\(name) shows no alert")
            let screen = AuthScreen.render(states.state, context: ScreenContext(strings: strings),
                                           size: Size(width: 40, height: 12)).textLines().joined(separator: "\n")
            for button in alert.buttons {
                let caption = TextWidth.sanitized(strings[button.title.stringKey])
                #expect(screen.contains("[ \(caption) ]"), "\(language) \(name): \(caption) is cut\n\(screen)")
            }
        }
    }

    @Test(arguments: ["de", "ru"])
    func longCaptionsStackAtFortyByTwelve(language: String) {
        let buffer = AuthScreen.render(ScreenStates.confirmDelete.state,
                                       context: ScreenContext(strings: .builtIn(language: language),
                                                              backendLabel: "local"),
                                       size: Size(width: 40, height: 12))
        assertSnapshot(buffer, named: "account-delete-alert-\(language)-40x12")
    }
}
