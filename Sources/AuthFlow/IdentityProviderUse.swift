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
        return navigator.start(beginning(button, for: use), purpose: .request, by: .root)
    }

    /// The call that asks a Firebase backend's provider: a device code when the button names a device client, else
    /// the browser.
    private static func beginning(_ button: IdentityProviderButton, for use: IdentityProviderUse) -> AuthCall {
        button.deviceSignIn == nil ? AuthCall(AuthCall.BeginBrowserSignIn(button, for: use))
            : AuthCall(AuthCall.BeginDeviceSignIn(button, for: use))
    }

    /// A browser's answer works once: a link refused for an old sign-in asks the provider again once the person is
    /// proven, instead of sending the spent answer a second time. Other refused calls run again as they were.
    static func replayable(_ refused: RefusedCall, in navigator: NavigatorState) -> RefusedCall {
        guard let link = refused.call.base as? AuthCall.LinkCredential,
              case .identityProvider(let answer) = link.linkedCredential, answer.redirect != nil,
              let button = navigator.identityProviderButton(ProviderID(rawValue: answer.providerID)) else {
            return refused
        }
        var again = refused
        again.call = beginning(button, for: .link)
        return again
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

extension NavigatorState {
    /// The configured identity provider's button for `provider`, if it is offered.
    func identityProviderButton(_ provider: ProviderID) -> IdentityProviderButton? {
        for case .identityProvider(let button) in providers where ProviderID(rawValue: button.providerID) == provider {
            return button
        }
        return nil
    }
}
