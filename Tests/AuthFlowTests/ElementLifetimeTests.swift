import AuthCore
import Foundation
import Testing
@testable import AuthFlow

/// Every operation belongs to the element that started it: popping or dismissing that element cancels it, and
/// an answer that arrives for an element that is gone changes nothing.
@Suite struct ElementLifetimeTests {
    private static let button: IdentityProviderButton = {
        var button = IdentityProviderButton.github()
        button.deviceSignIn = DeviceSignInSettings(clientID: "Iv1.device")
        return button
    }()
    private static let received = Date(timeIntervalSince1970: 1_796_126_400)
    private static let begun = DeviceSignIn.Start(button: button, userCode: "WDJB-MJHT",
                                                  verificationURI: "https://github.com/login/device",
                                                  receivedAt: received, expiresAt: received + 900)

    /// The device-code screen as route #1, polling as operation 3; F2 over it loads the inbox as operation 4,
    /// which the screen owns.
    private func inboxLoadingOverTheCodeScreen() -> NavigatorStore {
        var state = NavigatorState(configuration: AuthConfiguration(), providers: [.identityProvider(Self.button)],
                                   signsInWithBrowser: true)
        state.path.append(.deviceSignIn(DeviceSignIn.State(start: Self.begun, use: .signIn, waitOperationID: 3)))
        state.nextOperationID = 4
        var store = NavigatorStore(state: state)
        store.send(.inboxToggled) {
            $0.presentation.append(busy(4, AuthCall.LoadInbox(), by: .route(1)))
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.LoadInbox())])
        return store
    }

    @Test func poppingARouteCancelsItsOperations() {
        var store = inboxLoadingOverTheCodeScreen()
        let approved = IdentityProviderCredential(providerID: "github.com", accessToken: "gho_1")
        // The approval pops the screen: the inbox it was loading goes with it, and only the sign-in runs.
        store.send(.responded(operationID: 3, .success(approved))) {
            $0.path.removeLast()
            $0.presentation.replace(with: [busy(5, AuthCall.SignInWithCredential(.identityProvider(approved)))])
            $0.nextOperationID = 6
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.cancel(operationID: 4), .run(operationID: 5, AuthCall.SignInWithCredential(.identityProvider(approved)))])
        store.finish()
    }

    @Test func escOnAWaitingScreenCancelsItsWait() {
        var state = NavigatorState(configuration: AuthConfiguration(), providers: [.identityProvider(Self.button)],
                                   signsInWithBrowser: true)
        state.path.append(.deviceSignIn(DeviceSignIn.State(start: Self.begun, use: .signIn, waitOperationID: 3)))
        state.nextOperationID = 4
        var store = NavigatorStore(state: state)
        store.send(.backRequested) { $0.path.removeLast() }
        store.expectEffects([.cancel(operationID: 3)])
        store.finish()
    }

    @Test func anAnswerForAnElementThatIsGoneIsDropped() {
        var store = inboxLoadingOverTheCodeScreen()
        store.send(.responded(operationID: 3, .failure(AuthError(.webSignInTimedOut)))) {
            $0.path.removeLast()
            $0.presentation.replace(with: [okAlert(.error(.webSignInTimedOut, during: .signingInOnAnotherDevice))])
        }
        store.expectEffects([.cancel(operationID: 4)])
        // The inbox answers after its screen went: nothing changes, nothing runs.
        let message = OutboxMessage(id: 1, kind: .emailSignIn, recipient: "ann@example.com", link: "https://x/l",
                                    code: "L", sentAt: Self.received)
        store.send(.responded(operationID: 4, .success([message])))
        // So does the wait of the screen, had its cancellation come too late.
        store.send(.responded(operationID: 3, .success(IdentityProviderCredential(providerID: "github.com", accessToken: "gho_1"))))
        store.finish()
    }

    @Test func aCallStartedByAnElementRecordsIt() {
        var store = inboxLoadingOverTheCodeScreen()
        #expect(store.state.operation?.owner == .route(1))
        store.send(.responded(operationID: 4, .success([OutboxMessage]()))) {
            $0.presentation.replace(with: [.inbox(Inbox.State())])
        }
        store.finish()
    }
}
