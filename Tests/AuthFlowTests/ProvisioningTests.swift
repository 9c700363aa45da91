import AuthCore
import Testing
@testable import AuthFlow

/// The configured provisioning command runs once per sign-in, before the signed-in screen.
@Suite struct ProvisioningTests {
    private static let configuration = AuthConfiguration(provisioning: "./setup-account")

    /// Alice's session was restored and provisioning #2 is running.
    private func provisioningAlice(remembered: String? = nil) -> NavigatorStore {
        var store = NavigatorStore(configuration: Self.configuration)
        store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
        let snapshot = SessionSnapshot(user: alice, provisionedUserID: remembered)
        store.send(.responded(operationID: 1, .success(snapshot))) {
            $0.presentation.replace(with: [busy(2, AuthCall.Provision(alice))])
            $0.nextOperationID = 3
            $0.currentUser = alice
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, AuthCall.Provision(alice))])
        return store
    }

    /// Provisioning #`id` succeeds: the signed-in screen shows and the success is remembered.
    private func succeed(_ id: Int, in store: inout NavigatorStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.responded(operationID: id, .success(ProvisioningOutcome.provisioned(uid: alice.uid))), sourceLocation: sourceLocation) {
            $0.presentation.replace(with: [])
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(alice, provisioned: true)
        }
        store.expectEffects([.rememberProvisionedUser(alice.uid)], sourceLocation: sourceLocation)
    }

    private static func failedAlert(_ failure: ProvisioningFailure, retrying id: Int) -> Presentation {
        .alert(AlertPresentation(.provisioningFailed(failure),
                                 buttons: [AlertButton(.retry, .retry(Operation(id: id, call: AuthCall.Provision(alice), owner: .root))),
                                           AlertButton(.signOut, .signOut)],
                                 escapeAction: .signOut))
    }

    @Test func aSuccessShowsTheSignedInScreenAndIsRemembered() {
        var store = provisioningAlice()
        // The command cannot be abandoned half-way: Esc waits.
        store.send(.backRequested)
        succeed(2, in: &store)
        store.finish()
    }

    @Test func aRememberedSuccessDoesNotRunTwice() {
        var store = NavigatorStore(configuration: Self.configuration)
        store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
        store.send(.responded(operationID: 1, .success(SessionSnapshot(user: alice,
                                                                               provisionedUserID: alice.uid)))) {
            $0.presentation.replace(with: [])
            $0.currentUser = alice
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(alice, provisioned: true)
        }
        store.finish()
    }

    @Test func anotherUsersSuccessDoesNotCount() {
        var store = provisioningAlice(remembered: "someone-else")
        store.finish()
    }

    @Test func aFailureOffersRetryWhichRunsTheSameCallAgain() {
        var store = provisioningAlice()
        let failure = ProvisioningFailure.exited(status: 2, message: "quota reached")
        store.send(.responded(operationID: 2, .success(ProvisioningOutcome.failed(failure)))) {
            $0.presentation.replace(with: [Self.failedAlert(failure, retrying: 2)])
        }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.Provision(alice))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, AuthCall.Provision(alice))])
        succeed(3, in: &store)
        store.finish()
    }

    @Test func signOutFromTheFailureReturnsToThePicker() {
        var store = provisioningAlice()
        store.send(.responded(operationID: 2, .success(ProvisioningOutcome.failed(.couldNotStart)))) {
            $0.presentation.replace(with: [Self.failedAlert(.couldNotStart, retrying: 2)])
        }
        store.send(.focusMovedForward) {
            $0[layer: AlertPresentation.self].selection = 1
        }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.SignOut())])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, AuthCall.SignOut())])
        store.send(.responded(operationID: 3, .success(true))) {
            $0.presentation.replace(with: [])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
        }
        store.finish()
    }

    @Test func escOnTheFailureSignsOut() {
        var store = provisioningAlice()
        store.send(.responded(operationID: 2, .success(ProvisioningOutcome.failed(.backend(.networkRequestFailed))))) {
            $0.presentation.replace(with: [Self.failedAlert(.backend(.networkRequestFailed), retrying: 2)])
        }
        store.send(.backRequested) {
            $0.presentation.replace(with: [busy(3, AuthCall.SignOut())])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, AuthCall.SignOut())])
        store.finish()
    }

    @Test func signingOutForgetsTheSuccessSoTheNextSignInRunsItAgain() {
        var store = provisioningAlice()
        succeed(2, in: &store)
        store.send(.focusMovedBackward) { $0.accountForm.focus = .signOutButton }
        store.send(.activated) { $0.presentation.replace(with: [busy(3, AuthCall.SignOut())]); $0.nextOperationID = 4 }
        store.expectEffects([.run(operationID: 3, AuthCall.SignOut())])
        store.send(.responded(operationID: 3, .success(true))) {
            $0.presentation.replace(with: [])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker($0.newPicker())
        }
        store.expectEffects([.rememberProvisionedUser(nil)])
        store.finish()
    }
}
