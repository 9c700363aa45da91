import AuthCore
import AuthFlow
import Foundation

/// Navigator states reached the way a person reaches them, for rendering.
struct ScreenStates {
    var state: NavigatorState

    init(configuration: AuthConfiguration = AuthConfiguration()) {
        state = NavigatorState(configuration: configuration, providers: [.email])
        send(.started)
        send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: nil)))))
    }

    mutating func send(_ event: NavigatorEvent) {
        state = Navigator.update(state, event).0
    }

    mutating func type(_ text: String) {
        send(.edited(.insert(text)))
    }

    mutating func tab(_ count: Int = 1) {
        for _ in 0..<count { send(.focusMovedForward) }
    }

    static var signedOut: ScreenStates { ScreenStates() }

    static var invalidEmail: ScreenStates {
        var states = ScreenStates()
        states.type("alice@")
        return states
    }

    static var signUpWithMismatch: ScreenStates {
        var states = ScreenStates()
        states.tab(4)
        states.send(.activated)
        states.tab(2)
        states.type("bob@example.com")
        states.tab()
        states.type("abc")
        states.tab()
        states.type("abd")
        return states
    }

    static var signingIn: ScreenStates {
        var states = ScreenStates()
        states.type("alice@example.com")
        states.tab()
        states.type("hunter22")
        states.send(.activated)
        return states
    }

    static var wrongPassword: ScreenStates {
        var states = signingIn
        states.send(.responded(operationID: 2, .signIn(.failure(AuthError(.invalidLoginCredentials)))))
        return states
    }

    static var recoveryRequest: ScreenStates {
        var states = ScreenStates()
        states.type("alice@example.com")
        states.tab(3)
        states.send(.activated)
        return states
    }

    static var recoveryEmailSent: ScreenStates {
        var states = recoveryRequest
        states.send(.activated)
        states.send(.responded(operationID: 2, .passwordRecoveryEmailSent(.success("alice@example.com"))))
        return states
    }

    static var resetForm: ScreenStates {
        var states = recoveryEmailSent
        states.send(.activated)
        states.type("https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=Zq3x9")
        states.tab()
        states.type("new")
        return states
    }

    static var signedIn: ScreenStates {
        var states = ScreenStates()
        states.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: nil)))))
        states.state = NavigatorState(configuration: AuthConfiguration(), providers: [.email])
        states.send(.started)
        let user = User(uid: "u1", email: "alice@example.com", providerIDs: ["password"])
        states.send(.responded(operationID: 1, .session(.success(SessionSnapshot(user: user)))))
        return states
    }

    static var inbox: ScreenStates {
        var states = ScreenStates()
        states.send(.inboxToggled)
        let sent = Date(timeIntervalSince1970: 1_800_000_000)
        states.send(.responded(operationID: 2, .inbox(.success([
            OutboxMessage(id: 1, kind: .passwordReset, recipient: "alice@example.com",
                          link: "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=Zq3x9",
                          code: "Zq3x9", sentAt: sent),
        ]))))
        return states
    }

    static var emptyInbox: ScreenStates {
        var states = ScreenStates()
        states.send(.inboxToggled)
        states.send(.responded(operationID: 2, .inbox(.success([]))))
        return states
    }

    static var withTerms: ScreenStates {
        ScreenStates(configuration: AuthConfiguration(
            shouldHideCancelButton: true, tosUrl: URL(string: "https://example.com/tos"),
            privacyPolicyUrl: URL(string: "https://example.com/privacy")))
    }
}
