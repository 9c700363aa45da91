import AuthCore

/// What an identity provider is asked for: to sign in, to link its identity to the signed-in account, or to prove
/// again who is signed in so a refused call can run (FirebaseUI's sign-in, link and reauthentication).
public enum IdentityProviderUse: Hashable, Sendable {
    case signIn
    case link
    case reauthenticate(RefusedCall)
}

/// The one place that chooses how a provider is asked, for all three uses: on Firebase backends a device code when
/// the button names a device client, else the browser hand-off; the simulated sheet on the local backend only.
enum IdentityProviderHandoff {
    /// Asks `button`'s provider who the person is, for `use`; `email` pre-fills the simulated sheet.
    static func begin(_ button: IdentityProviderButton, for use: IdentityProviderUse, email: String,
                      in navigator: inout NavigatorState) -> [NavigatorEffect] {
        guard navigator.signsInWithBrowser else {
            navigator.present(IdentityProviderSheet.State(button: button, email: email, use: use))
            return []
        }
        // The root receives what begins, whichever screen asked: the waiting screen is pushed over that screen.
        if button.deviceSignIn != nil { return navigator.start(AuthCall.BeginDeviceSignIn(button, for: use), by: .root) }
        return navigator.start(AuthCall.BeginBrowserSignIn(button, for: use), by: .root)
    }

    /// The provider answered with `credential`: sign in with it, link it to the signed-in account (the call sends
    /// the account's ID token), or prove the signed-in person again and then replay the refused call. `prover` is
    /// the element whose secret a refused proof clears and which closes when the proof succeeds.
    static func answered(_ credential: AuthCredential, for use: IdentityProviderUse, prover: ElementID,
                         in navigator: inout NavigatorState) -> [NavigatorEffect] {
        switch use {
        case .signIn:
            return navigator.start(AuthCall.SignInWithCredential(credential))
        case .link:
            return navigator.start(AuthCall.LinkCredential(credential))
        case .reauthenticate(let refused):
            return navigator.start(AuthCall.Reauthenticate(credential), purpose: .reauthentication(refused), by: prover)
        }
    }
}
