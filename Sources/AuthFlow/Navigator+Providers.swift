import AuthCore

extension NavigatorState {
    /// A sign-in method's button on the picker.
    mutating func select(_ provider: AuthProvider) -> [NavigatorEffect] {
        switch provider {
        case .email:
            return []
        case .emailLink:
            openEmailLink(email: picker.email.text.isEmpty ? emailForLink ?? "" : picker.email.text)
            return []
        case .phone:
            openPhoneSignIn()
            return []
        case .anonymous:
            return [.signInAnonymously(operationID: begin(.signingIn))]
        case .identityProvider(let button):
            openSheet(.identityProvider(IdentityProviderForm(button: button, email: picker.email.text)))
            return []
        }
    }

    /// Continue on the simulated provider sheet: sign in with the identity it vouches for.
    mutating func continueWithIdentityProvider() -> [NavigatorEffect] {
        guard let form = identityProviderForm else { return [] }
        guard isIdentityProviderContinueEnabled else {
            var shown = form
            shown.email.hasBeenEdited = true
            sheet = .identityProvider(shown)
            focus = .identityProviderEmailField
            return []
        }
        closeSheet()
        return signIn(with: form.credential)
    }

    /// Starts a credential sign-in (which links to a guest instead, when upgrading guests).
    mutating func signIn(with credential: AuthCredential) -> [NavigatorEffect] {
        [.signInWithCredential(operationID: begin(.signingIn, credential: credential), credential)]
    }
}
