import Testing
import TestSupport
@testable import TerminalUI

@Suite struct ButtonWidgetTests {
    @Test func statesRenderCentredWithFocusMarker() {
        var buffer = Buffer(size: Size(width: 32, height: 7))
        let buttons = [
            Button("Sign in with email", isFocused: false),
            Button("Sign in with email", isFocused: true),
            Button("Sign in with email", isFocused: false, isEnabled: false),
            Button("Delete account", isFocused: false, role: .destructive),
            Button("Sign in with email", isFocused: true, isEnabled: true),
        ]
        for (row, button) in buttons.enumerated() {
            let width = row == 4 ? 16 : 32
            button.render(in: Rect(x: 0, y: row + row / 4, width: width, height: 1), buffer: &buffer)
        }
        assertSnapshot(buffer, named: "button-states")
    }

    @Test func rolesFollowState() {
        let plain = rendered(Button("OK", isFocused: false), width: 20)
        let focused = rendered(Button("OK", isFocused: true), width: 20)
        let disabled = rendered(Button("OK", isFocused: false, isEnabled: false), width: 20)
        let destructive = rendered(Button("OK", isFocused: false, role: .destructive), width: 20)
        let start = plain.position(of: "[ OK ]")!
        #expect(start == Point(x: 7, y: 0))
        #expect(plain.roles(at: start, count: 6).allSatisfy { $0 == .button })
        #expect(focused.roles(at: start, count: 6).allSatisfy { $0 == .buttonFocused })
        #expect(focused[start.x - 2, 0].text == "›")
        #expect(disabled.roles(at: start, count: 6).allSatisfy { $0 == .buttonDisabled })
        #expect(destructive.roles(at: start, count: 6).allSatisfy { $0 == .error })
    }

    /// The title is cut after a whole word (issue 32 item 8), not "Sign in w…".
    @Test func narrowButtonTruncatesItsTitle() {
        let buffer = rendered(Button("Sign in with email", isFocused: false), width: 16)
        #expect(buffer.textLines() == ["   [ Sign in… ]"])
    }

    /// Regression (issue 13 item 12): at 30x10 "Sign in with email" was cut although the row had room; the
    /// space kept right of the face only for balance goes first.
    @Test func aTitleThatFitsBesideTheMarkerIsNotCut() {
        let buffer = rendered(Button("Sign in with email", isFocused: true), width: 24)
        #expect(buffer.textLines() == ["› [ Sign in with email ]"])
    }
}
