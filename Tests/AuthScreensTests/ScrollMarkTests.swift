import AuthFlow
import Localization
import Testing
import TerminalUI
@testable import AuthScreens

/// Every screen marks rows cut off above or below while it takes the keys, and only then.
@Suite struct ScrollMarkTests {
    /// The screens whose form stands beside a QR code where the terminal is large enough.
    static let screensWithQRCodes: [(String, ScreenStates)] = [
        ("browser sign-in", .browserSignIn), ("device sign-in", .deviceSignIn),
        ("MFA enrolment", .mfaEnrollmentQRCode()),
    ]

    private static func marks(_ state: NavigatorState) -> [String] {
        let context = ScreenContext(strings: .builtIn(language: "en"))
        let lines = AuthScreen.render(state, context: context, size: Size(width: 40, height: 12)).textLines()
        return lines.flatMap { line in line.filter { "▲▼".contains($0) }.map(String.init) }
    }

    @Test func aScreenWithAQRCodeMarksItsCutOffRowsWhileItTakesTheKeys() {
        for (name, states) in Self.screensWithQRCodes {
            #expect(!Self.marks(states.state).isEmpty, "\(name) shows no scroll mark at 40x12")
        }
    }

    /// Regression: the renderer turned marks off only for screens that were a bare `FormColumn`, so the QR
    /// screens kept theirs beside an alert's or the key list's.
    @Test func aCoveredScreenWithAQRCodeDrawsNoScrollMarks() {
        for (name, states) in Self.screensWithQRCodes {
            var covered = states.state
            covered.presentation.append(.alert(AlertPresentation(.profileUpdated)))
            #expect(Self.marks(covered).isEmpty, "\(name) under an alert")
            // The key list marks its own cut-off entries in its frame; the screen's column stays clear.
            let keys = Navigator.update(states.state, About.opening(entryCount: 1)).0
            let context = ScreenContext(strings: .builtIn(language: "en"))
            let lines = AuthScreen.render(keys, context: context, size: Size(width: 40, height: 12)).textLines()
            #expect(lines.allSatisfy { $0.count < 40 || !"▲▼".contains(Array($0)[39]) }, "\(name) under the key list")
        }
    }
}
