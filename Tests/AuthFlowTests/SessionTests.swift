import AuthCore
import Testing
@testable import AuthFlow

@Suite struct SessionTests {
    @Test func startLoadsThePersistedSessionAndShowsThePickerWhenSignedOut() {
        var store = NavigatorStore()
        #expect(store.state.focus == .emailField)
        store.send(.started) { $0.operation = Operation(id: 1, kind: .loadingSession); $0.nextOperationID = 2 }
        store.expectEffects([.loadSession(operationID: 1)])
        store.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: nil))))) { $0.operation = nil }
        store.finish()
    }

    @Test func aRestoredSessionShowsTheSignedInScreen() {
        var store = NavigatorStore()
        store.send(.started) { $0.operation = Operation(id: 1, kind: .loadingSession); $0.nextOperationID = 2 }
        store.expectEffects([.loadSession(operationID: 1)])
        store.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: alice))))) {
            $0.operation = nil
            $0.currentUser = alice
            $0.authenticationState = .authenticated
            $0.focus = .signOutButton
        }
        store.finish()
    }

    @Test func anAnonymousSessionCountsAsSignedOut() {
        let guest = User(uid: "g1", isAnonymous: true)
        var store = NavigatorStore()
        store.send(.started) { $0.operation = Operation(id: 1, kind: .loadingSession); $0.nextOperationID = 2 }
        store.expectEffects([.loadSession(operationID: 1)])
        store.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: guest))))) {
            $0.operation = nil
            $0.currentUser = guest
        }
        #expect(store.state.authenticationState == .unauthenticated)
        store.finish()
    }

    @Test func aStoreFailureWhileLoadingIsShownNotSwallowed() {
        var store = startedStore()
        store.send(.responded(operationID: 1, .session(.failure(AuthError(.storageFailure))))) {
            $0.operation = nil
            $0.alert = .error(.storageFailure, during: .loadingSession)
        }
        store.finish()
    }

    @Test func escWhileTheSessionLoadsQuits() {
        var store = startedStore()
        store.send(.backRequested) { $0.operation = nil }
        store.expectEffects([.quit])
        store.finish()
    }

    @Test func signOutReturnsToThePicker() {
        var store = loadedStore(alice)
        store.send(.activated) { $0.operation = Operation(id: 2, kind: .signingOut); $0.nextOperationID = 3 }
        store.expectEffects([.signOut(operationID: 2)])
        store.send(.responded(operationID: 2, .signedOut(.success(true)))) {
            $0.operation = nil
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.focus = .emailField
        }
        store.finish()
    }

    @Test func withoutAnInboxTheInboxKeyDoesNothing() {
        var store = NavigatorStore(state: NavigatorState(configuration: AuthConfiguration(), providers: [.email],
                                                         hasInbox: false))
        store.send(.inboxToggled)
        store.finish()
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
        #expect(!hidden.state.focusOrder.contains(.cancelButton))
        hidden.finish()
    }
}
