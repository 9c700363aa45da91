import AuthCore
import Testing
@testable import AuthFlow

@Suite struct RetryTests {
    private let signIn = AuthCall.SignIn(email: "alice@example.com", password: "hunter22")

    private func failureAlert(_ code: AuthErrorCode, retrying operation: Operation) -> AlertPresentation {
        AlertPresentation(.error(code, during: operation.kind),
                          buttons: [AlertButton(.ok, .dismiss), AlertButton(.retry, .retry(operation))])
    }

    @Test func aNetworkFailureOffersRetryWhichRunsTheCallAgainOnlyWhenChosen() {
        var store = aliceSigningIn()
        let failed = Operation(id: 2, call: signIn, owner: .root)
        var alert = failureAlert(.networkRequestFailed, retrying: failed)
        store.send(.responded(operationID: 2, .failure(AuthError(.networkRequestFailed)))) {
            $0.presentation.replace(with: [.alert(alert)])
            $0.authenticationState = .unauthenticated
        }
        // OK is focused first: Enter alone never repeats a call.
        alert.selection = 1
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(alert)]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, self.signIn)])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, signIn)])
        store.finish()
    }

    /// Issue 31 item 9: an address from another host or port cannot succeed when sent again: OK only.
    @Test func anAddressFromElsewhereOffersNoRetry() throws {
        let code = try #require(AuthErrorCode(rawValue: "INVALID_REQUEST_URI"))
        let failed = Operation(id: 2, call: signIn, owner: .root)
        #expect(AlertPresentation.failure(code, of: failed).buttons == [AlertButton(.ok, .dismiss)])
    }

    /// Regression: a failed `replaceGuestAndSignIn` was retried as a plain sign-in.
    @Test func retryReplaysTheExactCallThatFailed() {
        let credential = AuthCredential.phone(verificationID: "v1", code: "123456")
        let replace = Operation(id: 7, call: AuthCall.ReplaceGuestAndSignIn(credential), owner: .root)
        var state = NavigatorState(configuration: AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true),
                                   providers: [.email, .phone])
        state.presentation.replace(with: [.busy(replace)])
        state.nextOperationID = 8
        var store = NavigatorStore(state: state)
        var alert = failureAlert(.networkRequestFailed, retrying: replace)
        store.send(.responded(operationID: 7, .failure(AuthError(.networkRequestFailed)))) {
            $0.presentation.replace(with: [.alert(alert)])
        }
        alert.selection = 1
        store.send(.focusMovedBackward) { $0.presentation.replace(with: [.alert(alert)]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(8, AuthCall.ReplaceGuestAndSignIn(credential))])
            $0.nextOperationID = 9
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 8, AuthCall.ReplaceGuestAndSignIn(credential))])
        store.finish()
    }

    @Test func okDismissesAndKeepsTheForm() {
        var store = aliceSigningIn()
        let failed = Operation(id: 2, call: signIn, owner: .root)
        store.send(.responded(operationID: 2, .failure(AuthError(.internalError)))) {
            $0.presentation.replace(with: [.alert(self.failureAlert(.internalError, retrying: failed))])
            $0.authenticationState = .unauthenticated
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        #expect(store.state.picker?.password.text == "hunter22")
        store.finish()
    }

    @Test func wrongCredentialsAreNotOfferedARetry() {
        var store = aliceSigningIn()
        store.send(.responded(operationID: 2, .failure(AuthError(.invalidLoginCredentials)))) {
            $0.presentation.replace(with: [okAlert(.error(.invalidLoginCredentials, during: .signingIn))])
            $0.authenticationState = .unauthenticated
        }
        store.send(.focusMovedForward)
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.finish()
    }
}
