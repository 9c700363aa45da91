import AuthCore
import Foundation
import Testing
@testable import AuthFlow

private let google = IdentityProviderButton.builtIn[0]
private let github = IdentityProviderButton.builtIn.first { $0.providerID == "github.com" }!
private let bo = User(uid: "b", email: "bo@example.com", isEmailVerified: true, providerIDs: ["google.com"])

private func begun(_ button: IdentityProviderButton) -> BrowserSignIn.Start {
    BrowserSignIn.Start(button: button,
                        authURI: AuthURI(authURI: "http://127.0.0.1:9099/emulator/auth/handler?state=s-1",
                                         sessionID: "session-1"),
                        continueURI: "http://127.0.0.1:40000/", expectedState: "s-1")
}

private let returned = "http://127.0.0.1:40000/?code=c-1&state=s-1"

private func credential(_ button: IdentityProviderButton) -> AuthCredential {
    .identityProvider(IdentityProviderCredential(
        providerID: button.providerID, redirect: IdentityProviderRedirect(requestURI: returned, sessionID: "session-1")))
}

/// `user` on the account screen of a Firebase backend (or an emulator) offering email, Google and `more`.
private func firebaseAccount(_ user: User, more: [AuthProvider] = [.identityProvider(github)]) -> NavigatorState {
    var state = NavigatorState(configuration: AuthConfiguration(), providers: [.email, .identityProvider(google)] + more,
                               signsInWithBrowser: true, canOpenBrowser: false)
    state.authenticationState = .authenticated
    state.currentUser = user
    state.root = state.accountScreen(user)
    return state
}

/// Linking a provider and signing in again with one go through the same browser hand-off (or device code) as the
/// picker's buttons on Firebase backends; the simulated sheet is the local backend's only.
@Suite struct ProviderUseTests {
    /// The browser for `use` begins (operation `id`), its screen shows and waits (`id` + 1).
    private func handOff(_ button: IdentityProviderButton, for use: IdentityProviderUse, as id: Int,
                         in store: inout NavigatorStore) {
        let begin = AuthCall.BeginBrowserSignIn(button, for: use)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(id, begin)])
            $0.nextOperationID = id + 1
        }
        store.expectEffects([.run(operationID: id, begin)])
        store.send(.responded(operationID: id, .success(begun(button)))) {
            $0.presentation.replace(with: [])
            $0.path.append(.browserSignIn(BrowserSignIn.State(start: begun(button), use: use, canOpenBrowser: false,
                                                              waitOperationID: id + 1)))
            $0.nextOperationID = id + 2
        }
        store.expectEffects([.run(operationID: id + 1, AuthCall.AwaitBrowserReturn(begun(button)))])
    }

    /// Bo presses "Link GitHub", and the browser comes back: the link is sent (operation 3).
    private func linkingGitHub() -> (NavigatorStore, AuthCall.LinkCredential) {
        var state = firebaseAccount(bo)
        state.accountForm.focus = .linkButton(.identityProvider(github))
        var store = NavigatorStore(state: state)
        handOff(github, for: .link, as: 1, in: &store)
        let link = AuthCall.LinkCredential(credential(github))
        store.send(.responded(operationID: 2, .success(returned))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(3, link)])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, link)])
        return (store, link)
    }

    @Test func linkingAProviderOnAFirebaseBackendGoesThroughTheBrowserAndLinks() {
        var (store, _) = linkingGitHub()
        var linked = bo
        linked.providerIDs.append("github.com")
        store.send(.responded(operationID: 3, .success(linked))) {
            $0.presentation.replace(with: [okAlert(.credentialLinked(providerID: "github.com"))])
            $0.currentUser = linked
            $0.accountForm.update(linked)
        }
        store.finish()
    }

    /// A browser's code works once: a link refused for an old sign-in asks GitHub again after Google proves Bo.
    @Test func aLinkRefusedForAnOldSignInAsksTheProviderAgainAfterTheProof() {
        var (store, link) = linkingGitHub()
        var refused = RefusedCall(Operation(id: 3, call: link, owner: .root))
        refused.call = AuthCall(AuthCall.BeginBrowserSignIn(github, for: .link))
        store.send(.responded(operationID: 3, .failure(AuthError(.credentialTooOldLoginAgain)))) {
            $0.presentation.replace(with: [busy(4, AuthCall.FetchSignInProvider(), for: .reauthentication(refused))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.FetchSignInProvider())])
        let alert = AlertPresentation(.reauthenticateWithProvider(providerID: "google.com"), buttons: [
            AlertButton(.continue, .reauthenticateWith(google, refused)), AlertButton(.cancel, .dismiss),
        ])
        store.send(.responded(operationID: 4, .success("google.com"))) { $0.presentation.replace(with: [.alert(alert)]) }
        handOff(google, for: .reauthenticate(refused), as: 5, in: &store)
        let proof = AuthCall.Reauthenticate(credential(google))
        store.send(.responded(operationID: 6, .success(returned))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(7, proof, for: .reauthentication(refused))])
            $0.nextOperationID = 8
        }
        store.expectEffects([.run(operationID: 7, proof)])
        store.send(.responded(operationID: 7, .success(SignInOutcome.signedIn(bo)))) {
            $0.presentation.replace(with: [.busy(Operation(id: 8, call: refused.call, owner: .root, purpose: .replay))])
            $0.nextOperationID = 9
        }
        store.expectEffects([.run(operationID: 8, refused.call)])
        store.send(.responded(operationID: 8, .success(begun(github)))) {
            $0.presentation.replace(with: [])
            $0.path.append(.browserSignIn(BrowserSignIn.State(start: begun(github), use: .link, canOpenBrowser: false,
                                                              waitOperationID: 9)))
            $0.nextOperationID = 10
        }
        store.expectEffects([.run(operationID: 9, AuthCall.AwaitBrowserReturn(begun(github)))])
        store.finish()
    }

    @Test func aProviderWithADeviceClientLinksByDeviceCode() {
        var device = github
        device.deviceSignIn = DeviceSignInSettings(clientID: "Iv1.0123456789abcdef")
        var state = firebaseAccount(bo, more: [.identityProvider(device)])
        state.accountForm.focus = .linkButton(.identityProvider(device))
        var store = NavigatorStore(state: state)
        let begin = AuthCall.BeginDeviceSignIn(device, for: .link)
        store.send(.activated) { $0.presentation.replace(with: [busy(1, begin)]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, begin)])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let code = DeviceSignIn.Start(button: device, userCode: "WDJB-MJHT", verificationURI: "https://github.com/login/device",
                                      receivedAt: now, expiresAt: now + 900)
        store.send(.responded(operationID: 1, .success(code))) {
            $0.presentation.replace(with: [])
            $0.path.append(.deviceSignIn(DeviceSignIn.State(start: code, use: .link, waitOperationID: 2)))
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.AwaitDeviceApproval(code))])
        let approved = IdentityProviderCredential(providerID: "github.com", accessToken: "gho_token")
        let link = AuthCall.LinkCredential(.identityProvider(approved))
        store.send(.responded(operationID: 2, .success(approved))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(3, link)])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, link)])
        store.finish()
    }

    /// Bo (Google) deletes his account long after signing in: the refusal asks for Google again, in the browser.
    private func deletionRefused() -> (NavigatorStore, RefusedCall) {
        var state = firebaseAccount(bo)
        state.presentation.replace(with: [.busy(Operation(id: 1, call: AuthCall.DeleteAccount(), owner: .root))])
        state.nextOperationID = 2
        var store = NavigatorStore(state: state)
        let refused = RefusedCall(Operation(id: 1, call: AuthCall.DeleteAccount(), owner: .root))
        store.send(.responded(operationID: 1, .failure(AuthError(.credentialTooOldLoginAgain)))) {
            $0.presentation.replace(with: [busy(2, AuthCall.FetchSignInProvider(), for: .reauthentication(refused))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.FetchSignInProvider())])
        let alert = AlertPresentation(.reauthenticateWithProvider(providerID: "google.com"), buttons: [
            AlertButton(.continue, .reauthenticateWith(google, refused)), AlertButton(.cancel, .dismiss),
        ])
        store.send(.responded(operationID: 2, .success("google.com"))) { $0.presentation.replace(with: [.alert(alert)]) }
        handOff(google, for: .reauthenticate(refused), as: 3, in: &store)
        return (store, refused)
    }

    @Test func anOldGoogleSignInIsProvenAgainInTheBrowserThenTheAccountIsDeleted() {
        var (store, refused) = deletionRefused()
        let proof = AuthCall.Reauthenticate(credential(google))
        store.send(.responded(operationID: 4, .success(returned))) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(5, proof, for: .reauthentication(refused))])
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, proof)])
        store.send(.responded(operationID: 5, .success(SignInOutcome.signedIn(bo)))) {
            $0.presentation.replace(with: [.busy(Operation(id: 6, call: AuthCall(AuthCall.DeleteAccount()), owner: .root,
                                                           purpose: .replay))])
            $0.nextOperationID = 7
        }
        store.expectEffects([.run(operationID: 6, AuthCall(AuthCall.DeleteAccount()))])
        store.send(.responded(operationID: 6, .success(true))) {
            $0.presentation.replace(with: [okAlert(.accountDeleted)])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker($0.newPicker())
        }
        store.finish()
    }

    @Test func anotherAccountInTheBrowserIsAUserMismatchAndNothingIsDeleted() {
        var (store, refused) = deletionRefused()
        let proof = AuthCall.Reauthenticate(credential(google))
        // Pasted rather than caught by the listener: the same proof.
        store.type(returned, into: \.browserForm.address)
        store.send(.activated) {
            $0.path.replace(with: [])
            $0.presentation.replace(with: [busy(5, proof, for: .reauthentication(refused))])
            $0.nextOperationID = 6
        }
        store.expectEffects([.cancel(operationID: 4), .run(operationID: 5, proof)])
        store.send(.responded(operationID: 5, .failure(AuthError(.userMismatch)))) {
            $0.presentation.replace(with: [.alert(.failure(.userMismatch, of: Operation(id: 5, call: proof, owner: .root)))])
        }
        #expect(store.state.alert?.content == .error(.userMismatch, during: .reauthenticating))
        store.send(.activated) { $0.presentation.replace(with: []) }
        #expect(store.state.currentUser == bo)
        store.finish()
    }

    /// Every way a provider is asked for on a Firebase backend starts a browser or device call, never the sheet;
    /// on the local backend the same three open the simulated sheet, each for its use.
    @Test func onlyTheLocalBackendShowsTheSimulatedSheet() {
        let refused = RefusedCall(Operation(id: 1, call: AuthCall.DeleteAccount(), owner: .root))
        let uses: [IdentityProviderUse] = [.signIn, .link, .reauthenticate(refused)]
        for use in uses {
            var firebase = firebaseAccount(bo)
            let effects = IdentityProviderHandoff.begin(google, for: use, email: "bo@example.com", in: &firebase)
            #expect(effects == [.run(operationID: 1, AuthCall(AuthCall.BeginBrowserSignIn(google, for: use)))])
            #expect(!firebase.presentation.contains { $0.feature is IdentityProviderSheet.State })

            var local = signedInState(bo, providers: [.email, .identityProvider(google)])
            #expect(IdentityProviderHandoff.begin(google, for: use, email: "bo@example.com", in: &local).isEmpty)
            #expect(local.presentation.last?.feature as? IdentityProviderSheet.State
                == IdentityProviderSheet.State(button: google, email: "bo@example.com", use: use))
        }
    }
}
