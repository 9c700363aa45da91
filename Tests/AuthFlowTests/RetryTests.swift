import AuthCore
import Testing
@testable import AuthFlow

@Suite struct RetryTests {
    private let password = AuthCredential.emailPassword(email: "alice@example.com", password: "hunter22")

    @Test func aNetworkFailureOffersRetryWhichRunsTheCallAgainOnlyWhenChosen() {
        var store = aliceSigningIn()
        let failed = Operation(id: 2, kind: .signingIn, credential: password)
        store.send(.responded(operationID: 2, .signIn(.failure(AuthError(.networkRequestFailed))))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.alert = .error(.networkRequestFailed, during: .signingIn)
            $0.retry = failed
        }
        // OK is focused first: Enter alone never repeats a call.
        store.send(.focusMovedForward) { $0.alertSelection = 1 }
        store.send(.activated) {
            $0.alert = nil
            $0.retry = nil
            $0.alertSelection = 0
            $0.operation = Operation(id: 3, kind: .signingIn, credential: self.password)
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signIn(operationID: 3, email: "alice@example.com", password: "hunter22")])
        store.finish()
    }

    @Test func okDismissesAndKeepsTheForm() {
        var store = aliceSigningIn()
        store.send(.responded(operationID: 2, .signIn(.failure(AuthError(.internalError))))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.alert = .error(.internalError, during: .signingIn)
            $0.retry = Operation(id: 2, kind: .signingIn, credential: self.password)
        }
        store.send(.activated) {
            $0.alert = nil
            $0.retry = nil
        }
        #expect(store.state.picker.password.text == "hunter22")
        store.finish()
    }

    @Test func wrongCredentialsAreNotOfferedARetry() {
        var store = aliceSigningIn()
        store.send(.responded(operationID: 2, .signIn(.failure(AuthError(.invalidLoginCredentials))))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.alert = .error(.invalidLoginCredentials, during: .signingIn)
        }
        store.send(.focusMovedForward)
        store.finish()
    }
}
