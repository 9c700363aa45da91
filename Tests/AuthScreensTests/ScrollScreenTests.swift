import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// On a terminal too small for a screen, the text above its first control can be read (issue 31 item 7): the
/// device code's instructions and "Signed in!" with the email at 30x10, through the keys as a person presses them,
/// with the scroll bar saying where the view is, left to right and right to left.
@Suite struct ScrollScreenTests {
    static let small = Size(width: 30, height: 10)
    static let screens: [(String, ScreenStates)] = [("device-sign-in", .deviceSignIn), ("signed-in", .signedIn)]

    /// The state after `keys`, each sent as the run loop does: measured first, then mapped by the key map.
    static func pressing(_ keys: [Key], on states: ScreenStates, context: ScreenContext,
                         size: Size = small) -> NavigatorState {
        var state = states.state
        for key in keys {
            state = measured(state, context: context, size: size)
            if let event = KeyMap.event(for: key, in: state) { state = Navigator.update(state, event).0 }
        }
        return measured(state, context: context, size: size)
    }

    static func measured(_ state: NavigatorState, context: ScreenContext, size: Size) -> NavigatorState {
        guard let viewport = AuthScreen.viewport(state, context: context, size: size) else { return state }
        return Navigator.update(state, .viewportMeasured(viewport)).0
    }

    @Test(arguments: ["en", "ja", "ar"])
    func homeShowsTheTextAboveTheFirstControlAndEndTheLastRows(language: String) {
        let context = ScreenContext(strings: .builtIn(language: language), backendLabel: "local")
        for (name, states) in Self.screens {
            for (position, key) in [("top", Key.home), ("bottom", .end)] {
                let state = Self.pressing([key], on: states, context: context)
                let buffer = AuthScreen.render(state, context: context, size: Self.small)
                assertSnapshot(buffer, named: "scroll-\(name)-\(position)-\(language)-30x10")
                for line in buffer.textLines() { #expect(TextWidth.of(line) <= Self.small.width, "\(line)") }
            }
        }
    }

    @Test func upFromTheFirstControlReachesTheTitleAndDownBringsTheFocusBack() throws {
        let context = ScreenContext(strings: .builtIn(language: "en"))
        let text = { (state: NavigatorState) in
            AuthScreen.render(state, context: context, size: Self.small).textLines().joined(separator: "\n")
        }
        var signedIn = ScreenStates.signedIn
        #expect(!text(signedIn.state).contains("Signed in!"), "the title starts cut off at 30x10")
        var presses = 0
        while signedIn.state.scroll.viewport?.firstRow != 0, presses < 20 {
            signedIn.state = Self.pressing([.up], on: signedIn, context: context)
            presses += 1
            #expect(signedIn.state.screenForm.focus as? SignedIn.State.Control == .verifyEmailButton,
                    "↑ scrolls rather than wrap to the last control")
        }
        #expect(presses > 1 && presses < 20, "↑ scrolls a line at a time to the top")
        #expect(text(signedIn.state).contains("Signed in!") && text(signedIn.state).contains("alice@example.com"))
        // At the top the next ↑ moves the focus again: to the last control, which comes into view.
        let wrapped = Self.pressing([.up], on: signedIn, context: context)
        #expect(wrapped.screenForm.focus as? SignedIn.State.Control == .signOutButton)
        #expect(text(wrapped).contains("Sign out") && !text(wrapped).contains("Signed in!"))
    }

    @Test func theDeviceCodeScreenScrollsByPagesAndItsKeysAreListed() throws {
        let context = ScreenContext(strings: .builtIn(language: "en"))
        let shown = Self.pressing([], on: .deviceSignIn, context: context)
        let keys = AuthScreen.footerItems(KeyMap.footer(for: shown), strings: context.strings)
        #expect(keys.contains(Footer.Item(key: "PgUp", action: "scroll")), "\(keys)")
        let paged = Self.pressing([.pageUp, .pageUp, .pageUp], on: .deviceSignIn, context: context)
        let lines = AuthScreen.render(paged, context: context, size: Self.small).textLines()
        #expect(lines.contains { $0.contains("Sign in with Google") })
        #expect(paged.scroll.viewport?.firstRow == 0)
    }
}
