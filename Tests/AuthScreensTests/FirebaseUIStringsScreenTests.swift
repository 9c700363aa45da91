import Foundation
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// Issue 32 items 2 and 4: FirebaseSwiftUI's String Catalog applied unchanged (the fixture in
/// `Tests/LocalizationTests/Fixtures/FirebaseUI`) gives screens in one register: its German and French say du and
/// tu, and nothing comes from the de-AT or fr-CH entries, which say Sie and vous.
@Suite struct FirebaseUIStringsScreenTests {
    private static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../LocalizationTests/Fixtures/FirebaseUI/SwiftUI/Localizable.xcstrings").standardized.path

    private static func screen(_ states: ScreenStates, _ language: String, named name: String) throws -> String {
        let strings = Strings.load(language: language, bundle: try StringsBundle.load(path: catalog))
        let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: strings, backendLabel: "local"),
                                       size: Size(width: 80, height: 24))
        assertSnapshot(buffer, named: name)
        return buffer.textLines().joined(separator: "\n")
    }

    @Test func germanPickerSaysDuThroughout() throws {
        let screen = try Self.screen(.signedOut, "de", named: "firebaseui-catalog-picker-de-80x24")
        for formal in [" Sie ", " Ihr", "Geben Sie", "Haben Sie"] { #expect(!screen.contains(formal), "\(formal)") }
        #expect(screen.contains("Gib deine E-Mail ein") && screen.contains("Hast du noch kein Konto?"))
    }

    @Test func frenchRecoverySaysTuThroughout() throws {
        let screen = try Self.screen(.recoveryRequest, "fr", named: "firebaseui-catalog-recovery-fr-80x24")
        for formal in ["vous", "Vous", "votre", "Saisissez"] { #expect(!screen.contains(formal), "\(formal)") }
        #expect(screen.contains("ton mot de passe"))
    }
}
