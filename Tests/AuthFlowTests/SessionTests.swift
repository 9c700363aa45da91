import AuthCore
import Testing
@testable import AuthFlow

@Suite struct SessionTests {
    @Test func startLoadsThePersistedSessionAndShowsThePickerWhenSignedOut() {
        var store = NavigatorStore()
        #expect(store.state.picker?.focus == .emailField)
        store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
        store.send(.responded(operationID: 1, .success(SessionSnapshot(user: nil)))) { $0.presentation.replace(with: []) }
        store.finish()
    }

    @Test func aRestoredSessionShowsTheSignedInScreen() {
        var store = startedStore()
        store.send(.responded(operationID: 1, .success(SessionSnapshot(user: alice)))) {
            $0.presentation.replace(with: [])
            $0.currentUser = alice
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(alice)
        }
        store.finish()
    }

    @Test func anAnonymousSessionCountsAsSignedOut() {
        let store = loadedStore(User(uid: "g1", isAnonymous: true))
        #expect(store.state.currentUser?.isAnonymous == true && store.state.pickerForm.isGuest)
        #expect(store.state.authenticationState == .unauthenticated)
        store.finish()
    }

    @Test func aStoreFailureWhileLoadingIsShownNotSwallowed() {
        var store = startedStore()
        store.send(.responded(operationID: 1, .failure(AuthError(.storageFailure)))) {
            $0.presentation.replace(with: [okAlert(.error(.storageFailure, during: .loadingSession))])
        }
        store.finish()
    }

    @Test func escWhileTheSessionLoadsCancelsItAndQuits() {
        var store = startedStore()
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.expectEffects([.cancel(operationID: 1), .quit])
        store.finish()
    }

    /// Regression: Esc during sign-out left the screen signed in while the backend signed out.
    @Test func signOutReturnsToThePickerAndEscWaitsForIt() {
        var store = loadedStore(alice)
        store.send(.focusMovedBackward) { $0.accountForm.focus = .signOutButton }
        store.send(.activated) { $0.presentation.replace(with: [busy(2, AuthCall.SignOut())]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, AuthCall.SignOut())])
        store.send(.backRequested)
        store.expectEffects([])
        store.send(.edited(.insert("x")))
        store.send(.responded(operationID: 2, .success(true))) {
            $0.presentation.replace(with: [])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker(AuthPicker.State(providers: [.email], showsCancelButton: true))
        }
        store.finish()
    }

    @Test func withoutAnInboxTheInboxKeyDoesNothing() {
        var store = NavigatorStore(state: NavigatorState(configuration: AuthConfiguration(), providers: [.email],
                                                         hasInbox: false))
        store.send(.inboxToggled)
        store.finish()
    }

    /// Regression (issue 13 item 4): one stray Esc at the picker quit and threw away a typed email.
    @Test func escWithTypedInputAsksAndASecondEscQuits() {
        var store = signedOutStore()
        store.type("al", into: \.pickerForm.email)
        store.send(.backRequested) { $0.presentation.replace(with: [.alert(.confirmQuit)]) }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.send(.backRequested) { $0.presentation.replace(with: [.alert(.confirmQuit)]) }
        var quitFocused = AlertPresentation.confirmQuit
        quitFocused.selection = 1
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(quitFocused)]) }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.expectEffects([.quit])
        store.send(.backRequested) { $0.presentation.replace(with: [.alert(.confirmQuit)]) }
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.expectEffects([.quit])
        store.finish()

        // An address the app filled in (after a sign-out or a reset) was not typed here: Esc quits at once.
        #expect(!AuthPicker.State(providers: [.email], showsCancelButton: true, email: "al@example.com").holdsTypedInput)
    }

    @Test func quitAndCancel() {
        var store = signedOutStore()
        store.send(.quitRequested)
        store.expectEffects([.quit])
        store.send(.backRequested)
        store.expectEffects([.quit])

        var hidden = signedOutStore(configuration: AuthConfiguration(shouldHideCancelButton: true))
        hidden.send(.backRequested)
        hidden.expectEffects([])
        #expect(hidden.state.picker?.controls == [.emailField, .passwordField, .troubleSigningInLink, .submitButton,
                                                  .flowToggleLink])
        hidden.finish()
    }
}
