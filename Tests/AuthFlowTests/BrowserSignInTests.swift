import AuthCore
import Foundation
import Testing
@testable import AuthFlow

private let google = IdentityProviderButton.builtIn[0]
private let begun = BrowserSignIn.Start(
    button: google, authURI: AuthURI(authURI: "http://127.0.0.1:9099/emulator/auth/handler?providerId=google.com&state=s-1",
                                     sessionID: "session-1"),
    continueURI: "http://127.0.0.1:40000/", expectedState: "s-1")
private let returned = "http://127.0.0.1:40000/?code=c-1&state=s-1"

/// A signed-out store on a Firebase backend offering Google, its session loaded and Google's button focused.
private func browserStore(canOpenBrowser: Bool = true, configuration: AuthConfiguration = AuthConfiguration(),
                          canCopyToClipboard: Bool = false) -> NavigatorStore {
    var store = NavigatorStore(state: NavigatorState(configuration: configuration,
                                                     providers: [.identityProvider(google)],
                                                     signsInWithBrowser: true, canOpenBrowser: canOpenBrowser,
                                                     canCopyToClipboard: canCopyToClipboard))
    store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
    store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
    store.send(.responded(operationID: 1, .success(SessionSnapshot(user: nil)))) { $0.presentation.replace(with: []) }
    return store
}

/// Presses Google's button and lets the listener start: the hand-off screen shows, waiting as operation 3.
private func handOff(_ store: inout NavigatorStore, canOpenBrowser: Bool = true, canCopy: Bool = false) {
    store.send(.activated) {
        $0.presentation.replace(with: [busy(2, AuthCall.BeginBrowserSignIn(google, for: .signIn))])
        $0.nextOperationID = 3
    }
    store.expectEffects([.run(operationID: 2, AuthCall.BeginBrowserSignIn(google, for: .signIn))])
    store.send(.responded(operationID: 2, .success(begun))) {
        $0.presentation.replace(with: [])
        $0.path.replace(with: [.browserSignIn(BrowserSignIn.State(start: begun, use: .signIn, canOpenBrowser: canOpenBrowser,
                                                                  canCopy: canCopy, waitOperationID: 3))])
        $0.nextOperationID = 4
    }
    store.expectEffects([.run(operationID: 3, AuthCall.AwaitBrowserReturn(begun))])
}

/// F2 over the hand-off screen, then the browser comes back while the inbox loads: the loading (4) is given up,
/// and the sign-in (5) is the only call in flight.
private func returnWhileTheInboxLoads(_ store: inout NavigatorStore) {
    store.openInbox(as: 4)
    store.send(.responded(operationID: 3, .success(returned))) {
        $0.path.replace(with: [])
        $0.presentation.replace(with: [busy(5, AuthCall.SignInWithCredential(credential(returned)))])
        $0.nextOperationID = 6
        $0.authenticationState = .authenticating
    }
    store.expectEffects([.cancel(operationID: 4), .run(operationID: 5, AuthCall.SignInWithCredential(credential(returned)))])
}

private func credential(_ address: String) -> AuthCredential {
    .identityProvider(IdentityProviderCredential(
        providerID: "google.com", redirect: IdentityProviderRedirect(requestURI: address, sessionID: "session-1")))
}

extension NavigatorState {
    var browserForm: BrowserSignIn.State {
        get { self[route: BrowserSignIn.State.self] }
        set { self[route: BrowserSignIn.State.self] = newValue }
    }
}

@Suite struct BrowserSignInTests {
    @Test func theBrowsersReturnSignsInWithTheAddressAndTheSession() {
        var store = browserStore()
        handOff(&store)
        #expect(store.state.browserForm.focus == .openBrowserButton)
        store.send(.activated)
        store.expectEffects([.openBrowser(begun.authURI.authURI)])
        store.send(.responded(operationID: 3, .success(returned))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(4, AuthCall.SignInWithCredential(credential(returned)))])
            $0.nextOperationID = 5
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 4, AuthCall.SignInWithCredential(credential(returned)))])
        store.finish()
    }

    /// The browser came back while F2's inbox was loading over the screen: the loading is given up, so only the
    /// sign-in is in flight (as for a device code's approval).
    @Test func anInboxLoadingOverTheScreenIsGivenUpWhenTheBrowserComesBack() {
        var store = browserStore()
        handOff(&store)
        returnWhileTheInboxLoads(&store)
        store.finish()
    }

    /// With a provisioning command, the sign-in the browser's return started goes on to provisioning as the only
    /// call in flight; the given-up inbox's late answer changes nothing.
    @Test func theSignInAfterTheReturnProvisionsAloneAndTheInboxAnswersTooLate() {
        var store = browserStore(configuration: AuthConfiguration(provisioning: "./setup-account"))
        handOff(&store)
        returnWhileTheInboxLoads(&store)
        store.send(.responded(operationID: 5, .success(SignInOutcome.signedIn(alice)))) {
            $0.presentation.replace(with: [busy(6, AuthCall.Provision(alice))])
            $0.nextOperationID = 7
            $0.currentUser = alice
        }
        store.expectEffects([.run(operationID: 6, AuthCall.Provision(alice))])
        store.send(.responded(operationID: 4, .success([OutboxMessage]())))
        store.send(.responded(operationID: 6, .success(ProvisioningOutcome.provisioned(uid: alice.uid)))) {
            $0.presentation.replace(with: [])
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(alice, provisioned: true)
        }
        store.expectEffects([.rememberProvisionedUser(alice.uid)])
        store.finish()
    }

    /// The layers over the screen belong to it: its timeout closes the inbox shown over it too.
    @Test func theTimeoutClosesTheInboxShownOverTheScreen() {
        var store = browserStore()
        handOff(&store)
        store.openInbox(as: 4)
        store.send(.responded(operationID: 4, .success([OutboxMessage]()))) { $0.presentation.replace(with: [.inbox(Inbox.State())]) }
        store.send(.responded(operationID: 3, .failure(AuthError(.webSignInTimedOut)))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [okAlert(.error(.webSignInTimedOut, during: .signingIn))])
        }
        store.finish()
    }

    /// A password-reset email used from the inbox over the screen leaves the screen: the listener stops rather
    /// than wait for a screen that is gone.
    @Test func anEmailUsedFromTheInboxLeavesTheScreenAndStopsTheListener() {
        var state = NavigatorState(configuration: AuthConfiguration(), providers: [.email, .identityProvider(google)],
                                   signsInWithBrowser: true)
        state.path.replace(with: [.browserSignIn(BrowserSignIn.State(start: begun, use: .signIn, canOpenBrowser: false, waitOperationID: 3))])
        state.nextOperationID = 4
        var store = NavigatorStore(state: state)
        store.openInbox(as: 4)
        let reset = OutboxMessage(id: 7, kind: .passwordReset, recipient: "ann@example.com",
                                  link: "https://x/reset?oobCode=R", code: "R", sentAt: Date(timeIntervalSince1970: 0))
        store.send(.responded(operationID: 4, .success([reset]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [reset]))])
        }
        store.send(.activated) {
            $0.presentation.replace(with: [])
            $0.path.replace(with: [.passwordRecovery(PasswordRecovery.State(email: "ann@example.com", code: "https://x/reset?oobCode=R"))])
        }
        store.expectEffects([.cancel(operationID: 3)])
        store.send(.responded(operationID: 3, .failure(AuthError(.webContextCancelled))))
        store.finish()
    }

    @Test func aPastedAddressOfThisSignInSignsInAndStopsTheListener() {
        var store = browserStore(canOpenBrowser: false)
        handOff(&store, canOpenBrowser: false)
        #expect(store.state.browserForm.controls == [.addressField, .continueButton, .cancelButton])
        store.send(.edited(.insert(returned))) { $0.browserForm.address.apply(.insert(returned)) }
        store.send(.activated) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(4, AuthCall.SignInWithCredential(credential(returned)))])
            $0.nextOperationID = 5
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.cancel(operationID: 3), .run(operationID: 4, AuthCall.SignInWithCredential(credential(returned)))])
        store.finish()
    }

    @Test func anAddressOfAnotherSignInIsRefusedAndTheScreenWaitsOn() {
        var store = browserStore(canOpenBrowser: false)
        handOff(&store, canOpenBrowser: false)
        let foreign = "http://127.0.0.1:40000/?code=c-1&state=someone-else"
        store.send(.edited(.insert(foreign))) { $0.browserForm.address.apply(.insert(foreign)) }
        store.send(.activated)
        store.finish()
        #expect(store.state.browserForm.visibleValidation(for: .addressField)
                    == [ValidationResult(rule: .browserAddress, isSatisfied: false)])
        for text in ["not an address", "http://127.0.0.1:40000/"] {
            var form = store.state.browserForm
            form.address = TextInput(text)
            #expect(!form.passes([.addressField]), "\(text) must be refused")
        }
    }

    @Test func aRefusalAtTheProviderEndsTheSignInWithItsMessage() {
        var store = browserStore()
        handOff(&store)
        store.send(.responded(operationID: 3, .success("http://127.0.0.1:40000/?error=access_denied&state=s-1"))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [okAlert(.error(.webContextCancelled, during: .signingIn))])
        }
        store.finish()
    }

    @Test func escStopsListeningAndALateAnswerIsDropped() {
        var store = browserStore()
        handOff(&store)
        store.send(.backRequested) { $0.path.replace(with: []) }
        store.expectEffects([.cancel(operationID: 3)])
        store.send(.responded(operationID: 3, .failure(AuthError(.webContextCancelled))))
        store.finish()
    }

    /// Issue 31 item 21: where the terminal takes text for its clipboard, "Copy address" (after "Open browser")
    /// puts the address to open there and says so, as "Copy key" does; elsewhere it is not offered.
    @Test func copyAddressPutsTheAddressOnTheClipboard() {
        var store = browserStore(canCopyToClipboard: true)
        handOff(&store, canCopy: true)
        #expect(store.state.browserForm.controls == [.openBrowserButton, .copyAddressButton, .addressField,
                                                     .continueButton, .cancelButton])
        store.send(.focusMovedForward) { $0.browserForm.focus = .copyAddressButton }
        store.send(.activated) { $0.browserForm.copied = true }
        store.expectEffects([.copyToClipboard(begun.authURI.authURI)])
        store.send(.backRequested) { $0.path.replace(with: []) }
        store.expectEffects([.cancel(operationID: 3)])
        store.finish()

        var plain = browserStore()
        handOff(&plain)
        #expect(!plain.state.browserForm.controls.contains(.copyAddressButton))
    }

    /// Esc while the listener was starting: if it started all the same, it is closed rather than left listening.
    @Test func aListenerThatStartsAfterEscIsClosed() {
        var store = browserStore()
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.BeginBrowserSignIn(google, for: .signIn))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.BeginBrowserSignIn(google, for: .signIn))])
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.expectEffects([.cancel(operationID: 2)])
        store.send(.responded(operationID: 2, .success(begun)))
        store.expectEffects([.closeListener(begun.continueURI)])
        store.finish()
    }

    @Test func theTimeoutSaysWhatHappened() {
        var store = browserStore()
        handOff(&store)
        store.send(.responded(operationID: 3, .failure(AuthError(.webSignInTimedOut)))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [okAlert(.error(.webSignInTimedOut, during: .signingIn))])
        }
        store.finish()
    }

    @Test func theLocalBackendKeepsItsSimulatedSheet() {
        var store = NavigatorStore(state: NavigatorState(configuration: AuthConfiguration(),
                                                         providers: [.identityProvider(google)]))
        store.send(.activated) { $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: google, use: .signIn))]) }
        store.finish()
    }
}

@Suite struct BrowserSignInQuitTests {
    @Test func quittingStopsTheListenerInsteadOfWaitingForIt() {
        var store = browserStore()
        handOff(&store)
        store.send(.quitRequested)
        store.expectEffects([.cancel(operationID: 3), .quit])
        store.finish()
    }
}
