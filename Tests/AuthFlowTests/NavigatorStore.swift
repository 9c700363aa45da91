import AuthCore
import Testing
@testable import AuthFlow

/// An exhaustive test driver for the Navigator (the idea of TCA's TestStore).
///
/// Each `send` states the whole expected change to the state; every emitted effect must be
/// claimed with `expectEffects` before the next `send`, and `finish()` fails on unclaimed ones.
struct NavigatorStore {
    private(set) var state: NavigatorState
    private var unclaimedEffects: [NavigatorEffect] = []

    init(configuration: AuthConfiguration = AuthConfiguration(), providers: [AuthProvider] = [.email]) {
        state = NavigatorState(configuration: configuration, providers: providers)
    }

    init(state: NavigatorState) {
        self.state = state
    }

    /// Sends an event; `change` turns the previous state into the expected next one.
    mutating func send(_ event: NavigatorEvent, sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout NavigatorState) -> Void = { _ in }) {
        #expect(unclaimedEffects.isEmpty, "unclaimed effects before \(event): \(unclaimedEffects)",
                sourceLocation: sourceLocation)
        var expected = state
        change(&expected)
        let (next, effects) = Navigator.update(state, event)
        #expect(next == expected, "state after \(event) differs", sourceLocation: sourceLocation)
        state = next
        unclaimedEffects = effects
    }

    /// Claims the effects the last event emitted, in order.
    mutating func expectEffects(_ expected: [NavigatorEffect], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(unclaimedEffects == expected, sourceLocation: sourceLocation)
        unclaimedEffects = []
    }

    /// Types text into the focused field, one edit per character as the key map sends them.
    mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for character in text {
            let field = state.focus
            send(.edited(.insert(String(character))), sourceLocation: sourceLocation) {
                $0.updateInput(for: field) { $0.apply(.insert(String(character))) }
            }
        }
    }

    /// Fails if effects were emitted and never claimed.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(unclaimedEffects.isEmpty, "unclaimed effects: \(unclaimedEffects)", sourceLocation: sourceLocation)
    }
}

/// A signed-out store whose session has been loaded.
func signedOutStore(configuration: AuthConfiguration = AuthConfiguration()) -> NavigatorStore {
    var store = NavigatorStore(configuration: configuration)
    store.send(.started) { $0.operation = Operation(id: 1, kind: .loadingSession); $0.nextOperationID = 2 }
    store.expectEffects([.loadSession(operationID: 1)])
    store.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: nil))))) { $0.operation = nil }
    return store
}

/// A store where Alice typed her email and password and pressed Enter: sign-in #2 is in flight.
func aliceSigningIn() -> NavigatorStore {
    var store = signedOutStore()
    store.type("alice@example.com")
    store.send(.activated) { $0.focus = .passwordField }
    store.type("hunter22")
    store.send(.activated) {
        $0.operation = Operation(id: 2, kind: .signingIn,
                                 credential: .emailPassword(email: "alice@example.com", password: "hunter22"))
        $0.nextOperationID = 3
        $0.authenticationState = .authenticating
    }
    store.expectEffects([.signIn(operationID: 2, email: "alice@example.com", password: "hunter22")])
    return store
}

/// A store that started: loading the session is operation #1.
func startedStore() -> NavigatorStore {
    var store = NavigatorStore()
    store.send(.started) { $0.operation = Operation(id: 1, kind: .loadingSession); $0.nextOperationID = 2 }
    store.expectEffects([.loadSession(operationID: 1)])
    return store
}

/// A store that started and loaded `user` as the persisted session.
func loadedStore(_ user: User?) -> NavigatorStore {
    var store = startedStore()
    store.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: user))))) {
        $0.operation = nil
        $0.currentUser = user
        if let user, !user.isAnonymous {
            $0.authenticationState = .authenticated
            $0.focus = .signOutButton
        }
    }
    return store
}

let alice = User(uid: "u1", email: "alice@example.com", providerIDs: ["password"])
