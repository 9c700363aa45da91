import AuthCore

/// What the Navigator does with what each feature asks for.
extension NavigatorState {
    mutating func pickerAsked(_ request: AuthPicker.Delegate) -> [NavigatorEffect] {
        switch request {
        case .signIn(let email, let password):
            return start(.signIn(email: email, password: password), as: .signingIn)
        case .signUp(let email, let password):
            return start(.createUser(email: email, password: password), as: .signingUp)
        case .troubleSigningIn(let email):
            push(.passwordRecovery(PasswordRecovery.State(email: email)))
            return []
        case .providerSelected(let provider):
            return select(provider)
        case .signOut:
            return start(.signOut, as: .signingOut)
        case .cancel:
            return [.quit]
        }
    }

    /// A sign-in method's button on the picker.
    private mutating func select(_ provider: AuthProvider) -> [NavigatorEffect] {
        let typed = picker?.email.text ?? ""
        switch provider {
        case .email:
            return []
        case .emailLink:
            // A remembered address is pre-filled selected, so typing another replaces it.
            var feature = EmailLink.State(email: typed.isEmpty ? emailForLink ?? "" : typed)
            if typed.isEmpty { feature.email.selectAll() }
            push(.emailLink(feature))
            return []
        case .phone:
            push(.enterPhoneNumber(EnterPhoneNumber.State(country: defaultCountry)))
            return []
        case .anonymous:
            return start(.signInAnonymously, as: .signingIn)
        case .identityProvider(let button):
            return signIn(with: button, email: typed)
        }
    }

    /// An identity provider's button on Firebase backends: a device code when the button names a device client,
    /// else the browser; the simulated sheet on the local backend.
    private mutating func signIn(with button: IdentityProviderButton, email: String) -> [NavigatorEffect] {
        guard signsInWithBrowser else {
            present(.identityProviderSheet(IdentityProviderSheet.State(button: button, email: email)))
            return []
        }
        if button.deviceSignIn != nil { return start(.beginDeviceSignIn(button), as: .signingInOnAnotherDevice) }
        return start(.beginBrowserSignIn(button), as: .beginningBrowserSignIn)
    }

    mutating func passwordRecoveryAsked(_ request: PasswordRecovery.Delegate) -> [NavigatorEffect] {
        switch request {
        case .sendRecoveryEmail(let email):
            start(.sendPasswordRecoveryEmail(email: email), as: .sendingPasswordRecoveryEmail)
        case .resetPassword(let codeOrLink, let newPassword):
            start(.resetPassword(codeOrLink: codeOrLink, newPassword: newPassword), as: .resettingPassword)
        }
    }

    mutating func emailLinkAsked(_ request: EmailLink.Delegate) -> [NavigatorEffect] {
        switch request {
        case .sendLink(let email): start(.sendSignInLink(email: email), as: .sendingSignInLink)
        case .signIn(let credential): start(.signInWithCredential(credential), as: .signingInWithEmailLink)
        }
    }

    mutating func enterPhoneNumberAsked(_ request: EnterPhoneNumber.Delegate) -> [NavigatorEffect] {
        switch request {
        case .chooseCountry(let current):
            present(.countryPicker(CountryPicker.State(current: current, language: language)))
            return []
        case .sendCode(let phoneNumber):
            // A code sent to this number moments ago is still on its way: wait for it rather than send another.
            if let pending = pendingCodes[phoneNumber] {
                push(.enterVerificationCode(pending))
                return []
            }
            return start(.verifyPhoneNumber(phoneNumber: phoneNumber), as: .sendingVerificationCode)
        }
    }

    /// The code screen serves phone sign-in, and linking a phone once signed in.
    mutating func verificationCodeAsked(_ request: VerificationCode.Delegate) -> [NavigatorEffect] {
        switch request {
        case .codeEntered(let verificationID, let code):
            let credential = AuthCredential.phone(verificationID: verificationID, code: code)
            return authenticationState == .authenticated ? start(.linkCredential(credential), as: .linkingCredential)
                : start(.signInWithCredential(credential), as: .signingIn)
        case .resend(let phoneNumber):
            return start(.verifyPhoneNumber(phoneNumber: phoneNumber), as: .sendingVerificationCode)
        case .changeNumber, .cancel:
            path.removeLast()
            return []
        }
    }

    /// The provider's sheet signs in, links to the signed-in account, or proves again who is signed in.
    mutating func identityProviderSheetAsked(_ request: IdentityProviderSheet.Delegate) -> [NavigatorEffect] {
        if awaitingReauthentication != nil {
            switch request {
            case .signIn(let credential): return start(.reauthenticate(credential), as: .reauthenticating)
            case .cancel: return cancelReauthentication()
            }
        }
        presentation.removeLast()
        switch request {
        case .signIn(let credential) where authenticationState == .authenticated:
            return start(.linkCredential(credential), as: .linkingCredential)
        case .signIn(let credential): return start(.signInWithCredential(credential), as: .signingIn)
        case .cancel: return []
        }
    }

    /// A legacy recovery choice: go to that method with the email filled in.
    mutating func legacyRecoveryAsked(_ request: LegacyRecoverySheet.Delegate) -> [NavigatorEffect] {
        presentation.removeLast()
        guard case .chosen(let option, let email) = request else { return [] }
        path.removeAll()
        var picker = newPicker(email: email)
        switch option {
        case .emailPassword:
            picker.focus = .passwordField
            root = .picker(picker)
        case .emailLink:
            root = .picker(picker)
            push(.emailLink(EmailLink.State(email: email)))
        case .phone:
            root = .picker(picker)
            push(.enterPhoneNumber(EnterPhoneNumber.State(country: defaultCountry)))
        case .identityProvider(let button):
            root = .picker(picker)
            return signIn(with: button, email: email)
        }
        return []
    }

    /// The code went out: show the code screen (or a fresh one after a resend).
    mutating func codeSent(_ sent: PhoneCodeSent) {
        let screen = VerificationCode.State(verificationID: sent.verificationID, phoneNumber: sent.phoneNumber,
                                            sentAt: sent.sentAt)
        show(.enterVerificationCode(screen)) {
            if case .enterVerificationCode = $0 { true } else { false }
        }
        pendingCodes[sent.phoneNumber] = screen
    }
}
