import AuthCore
import Foundation
import Testing
@testable import AuthFlow

/// A screen taller than the terminal scrolls (issue 31 item 7): the run loop tells the Navigator how much of it is
/// in view, ↑/↓ scroll where the focus cannot move further, PgUp/PgDn by a page, Home/End to the ends; moving the
/// focus brings it back into view, and the position belongs to the screen it was taken on.
@Suite struct ScrollTests {
    /// Alice's account screen (Verify email address … Sign out) as 20 rows in a body of 8, the first control in view.
    private static let measured = Viewport(contentRows: 20, visibleRows: 8, firstRow: 6)

    private func accountMeasured() -> NavigatorStore {
        var store = NavigatorStore(state: signedInState(alice))
        store.send(.viewportMeasured(Self.measured)) { $0.scroll.viewport = Self.measured }
        return store
    }

    private func scrolled(to row: Int) -> (inout NavigatorState) -> Void {
        { $0.scroll = ScrollState(viewport: Viewport(contentRows: 20, visibleRows: 8, firstRow: row), firstRow: row) }
    }

    @Test func aPageKeepsOneRowOfTheLastAndEveryMoveStaysWithinTheForm() {
        let middle = Viewport(contentRows: 20, visibleRows: 8, firstRow: 5)
        #expect(ScrollMove.allCases.map(middle.firstRow(after:)) == [4, 6, 0, 12, 0, 12])
        let top = Viewport(contentRows: 20, visibleRows: 8, firstRow: 0)
        #expect([ScrollMove.lineUp, .pageUp, .top].map(top.firstRow(after:)) == [0, 0, 0])
        let fits = Viewport(contentRows: 6, visibleRows: 8, firstRow: 0)
        #expect(ScrollMove.allCases.allSatisfy { fits.firstRow(after: $0) == 0 })
    }

    @Test func unmeasuredOrFittingScreensBindNoScrollKeyAndArrowsMoveTheFocusAsBefore() {
        var store = NavigatorStore(state: signedInState(alice))
        #expect(scrollEvents(store.state).isEmpty)
        #expect(store.state.keyBindings.first == KeyBinding([.tab, .down], .next, .focusMovedForward))
        store.send(.viewportMeasured(Viewport(contentRows: 8, visibleRows: 8, firstRow: 0))) {
            $0.scroll.viewport = Viewport(contentRows: 8, visibleRows: 8, firstRow: 0)
        }
        #expect(scrollEvents(store.state).isEmpty)
        // ↑ on the first control wraps to the last, as it always did.
        store.send(.focusMovedBackward) { $0.accountForm.focus = .signOutButton }
        store.finish()
    }

    @Test func upOnTheFirstControlScrollsByLinesAndPagesUpToTheTopThenMovesTheFocus() {
        var store = accountMeasured()
        #expect(store.state.accountForm.focus == .verifyEmailButton)
        #expect(scrollEvents(store.state) == [.up: .scrolled(.lineUp), .pageDown: .scrolled(.pageDown),
                                             .pageUp: .scrolled(.pageUp), .home: .scrolled(.top), .end: .scrolled(.end)])
        // Shift-Tab still moves the focus; the footer's one scroll item is the first page key that acts.
        #expect(store.state.keyBindings.contains(KeyBinding([.shiftTab], .previous, .focusMovedBackward, isInFooter: false)))
        #expect(store.state.keyBindings.filter { $0.hint == .scroll }.map(\.keys) == [[.pageDown]])
        store.send(.scrolled(.lineUp), scrolled(to: 5))
        store.send(.scrolled(.pageUp), scrolled(to: 0))
        // At the top ↑ moves the focus again (wrapping to the last control), which comes back into view.
        #expect(scrollEvents(store.state) == [.pageDown: .scrolled(.pageDown), .end: .scrolled(.end)])
        store.send(.focusMovedBackward) {
            $0.accountForm.focus = .signOutButton
            $0.scroll.firstRow = nil
        }
        store.finish()
    }

    @Test func downOnTheLastControlScrollsToTheEndThenWraps() {
        var store = accountMeasured()
        store.send(.focusMovedBackward) { $0.accountForm.focus = .signOutButton }
        let atLast = Viewport(contentRows: 20, visibleRows: 8, firstRow: 10)
        store.send(.viewportMeasured(atLast)) { $0.scroll.viewport = atLast }
        #expect(scrollEvents(store.state)[.down] == .scrolled(.lineDown))
        store.send(.scrolled(.lineDown), scrolled(to: 11))
        store.send(.scrolled(.end), scrolled(to: 12))
        #expect(!Navigator.acts(.scrolled(.lineDown), in: store.state))
        #expect(store.state.keyBindings.first == KeyBinding([.tab, .down], .next, .focusMovedForward))
        store.finish()
    }

    @Test func inputThatChangesNothingKeepsThePositionAndTypingBringsTheFocusBack() {
        var store = accountMeasured()
        store.send(.scrolled(.top), scrolled(to: 0))
        // Ctrl-R on a button does nothing, so it is not bound and leaves the view where it is.
        #expect(!Navigator.acts(.passwordRevealToggled, in: store.state))
        store.send(.clockTicked(Date(timeIntervalSince1970: 5)))
        store.send(.focusMovedForward) {
            $0.accountForm.focus = .updatePasswordButton
            $0.scroll.firstRow = nil
        }
        store.finish()
    }

    @Test func aLayerTakesTheKeysAndTheScreenBeneathKeepsItsPosition() {
        var store = accountMeasured()
        store.send(.scrolled(.top), scrolled(to: 0))
        store.send(About.opening(entryCount: 1)) { $0.presentation.append(Presentation(About.State(entryCount: 1))) }
        #expect(!ScrollMove.allCases.contains { store.state.canScroll($0) })
        store.send(.scrolled(.end))
        store.send(.backRequested) { $0.presentation.removeLast() }
        #expect(store.state.scroll.firstRow == 0)
        store.finish()
    }

    @Test func aSmallerFormAfterAResizeBringsTheRowBackWithinIt() {
        var store = accountMeasured()
        store.send(.scrolled(.end), scrolled(to: 12))
        let taller = Viewport(contentRows: 20, visibleRows: 16, firstRow: 4)
        store.send(.viewportMeasured(taller)) { $0.scroll = ScrollState(viewport: taller, firstRow: 4) }
        store.finish()
    }

    @Test func anotherScreenStartsUnscrolledAndUnmeasuredAndGoingBackDoesToo() {
        var store = accountMeasured()
        store.send(.scrolled(.top), scrolled(to: 0))
        var onProfile = store.state
        onProfile.accountForm.focus = .updateProfileButton
        store = NavigatorStore(state: onProfile)
        store.send(.activated) {
            $0.path.append(Route(UpdateProfile.State(user: alice)))
            $0.scroll = ScrollState()
        }
        store.send(.viewportMeasured(Self.measured)) { $0.scroll.viewport = Self.measured }
        store.send(.backRequested) {
            $0.path.removeLast()
            $0.scroll = ScrollState()
        }
        store.finish()
    }

    @Test func thePickerAndTheAccountScreenAreDifferentScreens() {
        let account = signedInState(alice)
        var signedOut = account
        signedOut.root = .picker(account.newPicker())
        #expect(account.scrolledScreen == .signedIn && signedOut.scrolledScreen == .picker)
    }

    /// The scroll keys bound now and what they send.
    private func scrollEvents(_ state: NavigatorState) -> [KeyName: NavigatorEvent] {
        var events: [KeyName: NavigatorEvent] = [:]
        for binding in state.keyBindings {
            guard let event = binding.event, case .scrolled = event else { continue }
            for key in binding.keys { events[key] = event }
        }
        return events
    }
}
