import AuthCore
import Foundation
import Testing
@testable import AuthFlow

private let github: IdentityProviderButton = {
    var button = IdentityProviderButton.github()
    button.deviceSignIn = DeviceSignInSettings(clientID: "Iv1.device")
    return button
}()
private let received = Date(timeIntervalSince1970: 1_796_126_400)
private let begun = DeviceSignIn.Start(button: github, userCode: "WDJB-MJHT",
                                       verificationURI: "https://github.com/login/device",
                                       receivedAt: received, expiresAt: received + 900)
private let approved = IdentityProviderCredential(providerID: "github.com", accessToken: "gho_1")

/// Presses GitHub's button (it names a device client) on a Firebase backend and lets the code come: the code
/// screen shows, polling as operation 3.
private func deviceCodeShown() -> NavigatorStore {
    var store = NavigatorStore(state: NavigatorState(configuration: AuthConfiguration(),
                                                     providers: [.identityProvider(github)], signsInWithBrowser: true))
    store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
    store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
    store.send(.responded(operationID: 1, .success(SessionSnapshot(user: nil)))) { $0.presentation.replace(with: []) }
    store.send(.activated) {
        $0.presentation.replace(with: [busy(2, AuthCall.BeginDeviceSignIn(github, for: .signIn))])
        $0.nextOperationID = 3
    }
    store.expectEffects([.run(operationID: 2, AuthCall.BeginDeviceSignIn(github, for: .signIn))])
    store.send(.responded(operationID: 2, .success(begun))) {
        $0.presentation.replace(with: [])
        $0.path.replace(with: [.deviceSignIn(DeviceSignIn.State(start: begun, use: .signIn, waitOperationID: 3))])
        $0.nextOperationID = 4
    }
    store.expectEffects([.run(operationID: 3, AuthCall.AwaitDeviceApproval(begun))])
    return store
}

extension NavigatorState {
    var deviceForm: DeviceSignIn.State {
        get { self[route: DeviceSignIn.State.self] }
        set { self[route: DeviceSignIn.State.self] = newValue }
    }
}

@Suite struct DeviceSignInTests {
    @Test func theApprovedCodeSignsInWithTheProvidersToken() {
        var store = deviceCodeShown()
        store.send(.responded(operationID: 3, .success(approved))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(4, AuthCall.SignInWithCredential(.identityProvider(approved)))])
            $0.nextOperationID = 5
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 4, AuthCall.SignInWithCredential(.identityProvider(approved)))])
        store.finish()
    }

    /// Found by the random walk: the approval came while F2's inbox was loading, and two calls were in flight.
    @Test func anInboxLoadingOverTheCodeIsGivenUpWhenTheApprovalComes() {
        var store = deviceCodeShown()
        store.openInbox(as: 4)
        store.send(.responded(operationID: 3, .success(approved))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(5, AuthCall.SignInWithCredential(.identityProvider(approved)))])
            $0.nextOperationID = 6
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.cancel(operationID: 4), .run(operationID: 5, AuthCall.SignInWithCredential(.identityProvider(approved)))])
        store.finish()
    }

    /// The layers over the code screen belong to it: an approval closes the inbox shown over it.
    @Test func anInboxShownOverTheCodeClosesWhenTheApprovalComes() {
        var store = deviceCodeShown()
        store.openInbox(as: 4)
        store.send(.responded(operationID: 4, .success([OutboxMessage]()))) { $0.presentation.replace(with: [.inbox(Inbox.State())]) }
        store.send(.responded(operationID: 3, .success(approved))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(5, AuthCall.SignInWithCredential(.identityProvider(approved)))])
            $0.nextOperationID = 6
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 5, AuthCall.SignInWithCredential(.identityProvider(approved)))])
        store.finish()
    }

    /// A sign-in email used from the inbox over the code screen leaves it: the polling stops, and only the
    /// link's sign-in is in flight.
    @Test func anEmailUsedFromTheInboxLeavesTheCodeAndStopsPolling() {
        var state = NavigatorState(configuration: AuthConfiguration(), providers: [.emailLink, .identityProvider(github)],
                                   signsInWithBrowser: true)
        state.emailForLink = "ann@example.com"
        state.path.replace(with: [.deviceSignIn(DeviceSignIn.State(start: begun, use: .signIn, waitOperationID: 3))])
        state.nextOperationID = 4
        var store = NavigatorStore(state: state)
        store.openInbox(as: 4)
        let link = OutboxMessage(id: 8, kind: .emailSignIn, recipient: "ann@example.com",
                                 link: "https://x/signin?oobCode=L", code: "L", sentAt: received)
        store.send(.responded(operationID: 4, .success([link]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [link]))])
        }
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: "https://x/signin?oobCode=L")
        store.send(.activated) {
            var feature = EmailLink.State(link: "https://x/signin?oobCode=L", email: "ann@example.com")
            _ = feature.activate(.signInButton)
            $0.path.replace(with: [.emailLink(feature)])
            $0.presentation.replace(with: [busy(5, AuthCall.SignInWithCredential(credential), by: .route(2))])
            $0.nextOperationID = 6
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.cancel(operationID: 3), .run(operationID: 5, AuthCall.SignInWithCredential(credential))])
        store.finish()
    }

    @Test func cancelAndEscStopPollingAndALateApprovalIsDropped() {
        for event in [NavigatorEvent.activated, .backRequested] {
            var store = deviceCodeShown()
            store.send(event) { $0.path.replace(with: []) }
            store.expectEffects([.cancel(operationID: 3)])
            store.send(.responded(operationID: 3, .success(approved)))
            store.finish()
        }
    }

    @Test func quittingStopsPollingInsteadOfWaitingForIt() {
        var store = deviceCodeShown()
        store.send(.quitRequested)
        store.expectEffects([.cancel(operationID: 3), .quit])
        store.finish()
    }

    @Test(arguments: [AuthErrorCode.webSignInTimedOut, .webContextCancelled])
    func anExpiredOrDeniedCodeSaysWhatHappened(_ code: AuthErrorCode) {
        var store = deviceCodeShown()
        store.send(.responded(operationID: 3, .failure(AuthError(code)))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [okAlert(.error(code, during: .signingInOnAnotherDevice))])
        }
        store.finish()
    }

    @Test func aFailedCodeRequestIsAnAlertOnThePicker() {
        var store = deviceCodeShown()
        store.send(.backRequested) { $0.path.replace(with: []) }
        store.expectEffects([.cancel(operationID: 3)])
        store.send(.activated) {
            $0.presentation.replace(with: [busy(4, AuthCall.BeginDeviceSignIn(github, for: .signIn))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.BeginDeviceSignIn(github, for: .signIn))])
        let failure = AuthError(.networkRequestFailed)
        store.send(.responded(operationID: 4, .failure(failure))) {
            $0.presentation.replace(with: [.alert(.failure(.networkRequestFailed,
                                               of: Operation(id: 4, call: AuthCall.BeginDeviceSignIn(github, for: .signIn), owner: .root)))])
        }
        store.finish()
    }

    @Test func theCountdownMovesOnlyWhenTheShownSecondChanges() {
        var store = deviceCodeShown()
        #expect(store.state.deviceForm.secondsLeft == 900)
        store.send(.clockTicked(received + 0.4))
        store.send(.clockTicked(received + 1.5)) { $0.deviceForm.now = received + 1.5 }
        #expect(store.state.deviceForm.secondsLeft == 899)
        store.send(.clockTicked(received + 1000)) { $0.deviceForm.now = received + 1000 }
        #expect(store.state.deviceForm.secondsLeft == 0)
        store.finish()
    }

    @Test func withoutADeviceClientTheButtonStillHandsOffToABrowser() {
        let google = IdentityProviderButton.builtIn[0]
        var store = NavigatorStore(state: NavigatorState(configuration: AuthConfiguration(),
                                                         providers: [.identityProvider(google)], signsInWithBrowser: true))
        store.send(.activated) {
            $0.presentation.replace(with: [busy(1, AuthCall.BeginBrowserSignIn(google, for: .signIn))])
            $0.nextOperationID = 2
        }
        store.expectEffects([.run(operationID: 1, AuthCall.BeginBrowserSignIn(google, for: .signIn))])
        store.finish()
    }

    @Test func theLocalBackendKeepsItsSimulatedSheetForADeviceClient() {
        var store = NavigatorStore(state: NavigatorState(configuration: AuthConfiguration(),
                                                         providers: [.identityProvider(github)]))
        store.send(.activated) { $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: github, use: .signIn))]) }
        store.finish()
    }
}
