import AuthCore
import Testing
@testable import AuthFlow

/// A signed-in person whose session the backend no longer accepts is signed out and told why, as the Firebase SDK
/// under FirebaseUI signs the user out: "Your session has expired" never shows over the account screen (issue 31
/// item 8).
@Suite struct SessionEndTests {
    static let endings: [(AuthErrorCode, SessionEnd.Reason)] = [
        (.userNotFound, .accountDeleted), (.userDisabled, .accountDisabled),
        (.tokenExpired, .signInRevoked), (.invalidIdToken, .signInRevoked),
    ]

    /// Alice on the account screen, with `call` in flight as operation 2.
    private func aliceWaiting(for call: some BackendCall) -> NavigatorStore {
        var state = signedInState(alice)
        state.presentation.append(busy(2, call))
        state.nextOperationID = 3
        return NavigatorStore(state: state)
    }

    @Test(arguments: endings)
    func anAccountCallRefusedForTheSessionSignsOutAndSaysWhy(code: AuthErrorCode, reason: SessionEnd.Reason) {
        var store = aliceWaiting(for: AuthCall.SendEmailVerification())
        store.send(.responded(operationID: 2, .failure(AuthError(code)))) {
            $0.presentation.replace(with: [okAlert(.signedOut(reason))])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker(AuthPicker.State(providers: [.email], showsCancelButton: true))
        }
        store.expectEffects([.discardSession])
        store.finish()
    }

    /// A call of a screen pushed over the account screen (a new password) ends the same way, with that screen gone.
    @Test(arguments: endings)
    func aPushedScreensCallSignsOutToo(code: AuthErrorCode, reason: SessionEnd.Reason) {
        var state = signedInState(alice)
        let screen = state.path.append(Route(UpdatePassword.State(linkingEmail: nil)))
        state.presentation.append(busy(2, AuthCall.SendEmailVerification(), by: .route(screen)))
        state.nextOperationID = 3
        var store = NavigatorStore(state: state)
        store.send(.responded(operationID: 2, .failure(AuthError(code)))) {
            $0.path.removeAll()
            $0.presentation.replace(with: [okAlert(.signedOut(reason))])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker(AuthPicker.State(providers: [.email], showsCancelButton: true))
        }
        store.expectEffects([.discardSession])
        store.finish()
    }

    /// Signing out when the account is already gone still signs out, and says why.
    @Test func signingOutOfADeletedAccountSaysItIsGone() {
        var store = aliceWaiting(for: AuthCall.SignOut())
        store.send(.responded(operationID: 2, .failure(AuthError(.userNotFound)))) {
            $0.presentation.replace(with: [okAlert(.signedOut(.accountDeleted))])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker(AuthPicker.State(providers: [.email], showsCancelButton: true))
        }
        store.expectEffects([.discardSession])
        store.finish()
    }

    /// A guest's sign-in to a disabled or unknown account is about that account: the guest stays, and the error
    /// says what happened to the sign-in. A guest whose own tokens are refused is signed out.
    @Test func aGuestsSignInIsAboutTheAccountItTriesUnlessTheGuestsTokensAreRefused() {
        let guest = User(uid: "g1", isAnonymous: true)
        let signIn = AuthCall.SignIn(email: "bob@example.com", password: "hunter22")
        for code in [AuthErrorCode.userDisabled, .userNotFound] {
            var state = loadedStore(guest).state
            state.presentation.replace(with: [busy(7, signIn)])
            state.nextOperationID = 8
            let (next, effects) = Navigator.update(state, .responded(operationID: 7, .failure(AuthError(code))))
            #expect(next.currentUser == guest, "\(code)")
            #expect(!effects.contains(.discardSession), "\(code)")
            #expect(next.alert.map { if case .signedOut = $0.content { true } else { false } } != true, "\(code)")
        }
        var state = loadedStore(guest).state
        state.presentation.replace(with: [busy(7, signIn)])
        state.nextOperationID = 8
        let (next, effects) = Navigator.update(state, .responded(operationID: 7, .failure(AuthError(.tokenExpired))))
        #expect(next.currentUser == nil && effects == [.discardSession])
        #expect(next.alert?.content == .signedOut(.signInRevoked))
    }

    /// Signed out, the same codes are what they were: an ordinary failure.
    @Test func signedOutTheCodesAreOrdinaryFailures() {
        var state = signedOutStore().state
        state.presentation.replace(with: [busy(2, AuthCall.SendSignInLink(email: "ann@example.com"))])
        state.nextOperationID = 3
        let (next, effects) = Navigator.update(state, .responded(operationID: 2, .failure(AuthError(.userDisabled))))
        #expect(effects.isEmpty)
        #expect(next.alert.map { if case .signedOut = $0.content { true } else { false } } != true)
    }
}
