import AuthCore
import Testing
@testable import AuthFlow

/// "About / keys" is a layer like any other: it opens over what is on top, takes the keys while it shows (any of
/// its keys closes it), and leaves what is beneath as it was.
@Suite struct AboutTests {
    private func opensAndCloses(over state: NavigatorState, sourceLocation: SourceLocation = #_sourceLocation) {
        var store = NavigatorStore(state: state)
        store.send(About.opening(entryCount: 1), sourceLocation: sourceLocation) {
            $0.presentation.append(Presentation(About.State(entryCount: 1)))
        }
        #expect(store.state.keyBindings == [KeyBinding([.escape, .enter, .f1, .questionMark, .space], .dismiss,
                                                       .backRequested)], sourceLocation: sourceLocation)
        // Typing, Tab and Enter on a control beneath do nothing while it shows.
        store.send(.edited(.insert("x")), sourceLocation: sourceLocation)
        store.send(.focusMovedForward, sourceLocation: sourceLocation)
        store.send(.backRequested, sourceLocation: sourceLocation) { $0.presentation.removeLast() }
        store.finish(sourceLocation: sourceLocation)
    }

    @Test func itOpensOverThePickerAndClosesLeavingItAsItWas() {
        var store = signedOutStore()
        store.type("ann@example.com", into: \.pickerForm.email)
        opensAndCloses(over: store.state)
    }

    @Test func itOpensOverTheAccountScreen() {
        opensAndCloses(over: signedInState(alice))
    }

    @Test func itOpensOverALayerAndOverACallInFlight() {
        opensAndCloses(over: aliceSigningIn().state)
        var sheet = signedOutStore().state
        sheet.presentation.append(.countryPicker(CountryPicker.State(current: sheet.defaultCountry, language: "en")))
        opensAndCloses(over: sheet)
    }

    /// A call beneath that answers while the keys show still takes effect beneath them.
    @Test func aCallBeneathStillAnswers() {
        var store = aliceSigningIn()
        store.send(About.opening(entryCount: 1)) { $0.presentation.append(Presentation(About.State(entryCount: 1))) }
        store.send(.responded(operationID: 2, .failure(AuthError(.invalidLoginCredentials)))) {
            $0.presentation.remove(at: 0)
            $0.presentation.append(okAlert(.error(.invalidLoginCredentials, during: .signingIn)))
            $0.authenticationState = .unauthenticated
        }
        store.finish()
    }

    /// A list longer than the terminal shows moves with ↑/↓ and Page Up/Down (issue 31 item 12: the list grew by
    /// the synonyms and the line-editing keys), within its entries; Esc still closes it.
    @Test func aLongListMovesWithinItsEntries() {
        var store = NavigatorStore(state: signedInState(alice))
        let opened = About.State(entryCount: 12)
        store.send(About.opening(entryCount: 12)) { $0.presentation.append(Presentation(opened)) }
        #expect(store.state.keyBindings.contains(KeyBinding([.down], .move, .selectionMoved(by: 1))))
        #expect(store.state.keyBindings.contains(KeyBinding([.pageUp], .move, .selectionMoved(by: -10),
                                                            isInFooter: false)))
        store.send(.selectionMoved(by: -1))
        store.send(.selectionMoved(by: 1)) { $0.presentation[0] = Presentation(About.State(entryCount: 12, selected: 1)) }
        store.send(.selectionMoved(by: 10)) { $0.presentation[0] = Presentation(About.State(entryCount: 12, selected: 11)) }
        store.send(.selectionMoved(by: 1))
        store.send(.selectionMoved(by: -10)) { $0.presentation[0] = Presentation(About.State(entryCount: 12, selected: 1)) }
        store.send(.backRequested) { $0.presentation.removeLast() }
        store.finish()
    }
}
