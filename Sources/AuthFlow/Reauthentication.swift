import AuthCore

/// FirebaseUI's `ReauthenticationCoordinator`: a call refused for an old sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN)
/// asks the person to sign in again the way they last did, then the same call runs again exactly once.
///
/// Unlike FirebaseUI, every step is localized and no error is swallowed: a refused credential is said on the
/// sheet, which stays open; Cancel or Esc drops the refused call and changes nothing.
extension NavigatorState {
    /// Keeps the refused call and looks up how the session last signed in.
    mutating func requestReauthentication(for refused: Operation) -> [NavigatorEffect] {
        awaitingReauthentication = refused
        return start(.fetchSignInProvider, as: .checkingSignInProvider)
    }

    /// Whether a failed call should ask for a fresh sign-in rather than report the error.
    func asksForReauthentication(_ error: AuthError, of operation: Operation) -> Bool {
        error.code == .credentialTooOldLoginAgain && !operation.isReplay && currentUser != nil
            && awaitingReauthentication == nil
    }

    /// The sheet (password) or the alert before it (email link, phone, identity provider) for `provider`.
    mutating func signInProviderFound(_ provider: String) -> [NavigatorEffect] {
        let user = currentUser
        let cancel = AlertButton(.cancel, .cancelReauthentication)
        switch provider {
        case "password" where user?.email != nil:
            present(PasswordReauthSheet.State(email: user?.email ?? ""))
        case "emailLink" where user?.email != nil:
            let email = user?.email ?? ""
            let send = AlertButton(.continue, .start(.sendSignInLink(email: email), as: .sendingReauthenticationLink))
            present(AlertPresentation(.reauthenticateWithEmailLink(email: email), buttons: [send, cancel],
                                      escapeAction: .cancelReauthentication))
        case "phone" where user?.phoneNumber != nil:
            let number = user?.phoneNumber ?? ""
            let send = AlertButton(.sendCode, .start(.verifyPhoneNumber(phoneNumber: number),
                                                     as: .sendingReauthenticationCode))
            present(AlertPresentation(.reauthenticateWithPhone(phoneNumber: number), buttons: [send, cancel],
                                      escapeAction: .cancelReauthentication))
        default:
            guard let button = identityProviderButton(providerID: provider) else { return giveUpReauthentication() }
            let proceed = AlertButton(.continue, .reauthenticateWith(button))
            present(AlertPresentation(.reauthenticateWithProvider(providerID: provider), buttons: [proceed, cancel],
                                      escapeAction: .cancelReauthentication))
        }
        return []
    }

    private func identityProviderButton(providerID: String) -> IdentityProviderButton? {
        for case .identityProvider(let button) in providers where button.providerID == providerID { return button }
        return nil
    }

    /// No sheet can prove the last sign-in (a method no longer configured): the refusal is reported.
    mutating func giveUpReauthentication() -> [NavigatorEffect] {
        guard let refused = awaitingReauthentication else { return [] }
        awaitingReauthentication = nil
        present(AlertPresentation.failure(.credentialTooOldLoginAgain, of: refused))
        return []
    }

    /// Cancel or Esc: the sheet closes and the refused call is dropped; nothing changed.
    mutating func cancelReauthentication() -> [NavigatorEffect] {
        awaitingReauthentication = nil
        closeReauthenticationSheet()
        return []
    }

    /// Signing in again answered: the identity is proven, or its second factor is asked first on the
    /// resolution screen, after which the refused call still runs again.
    mutating func reauthenticationAnswered(_ outcome: SignInOutcome) -> [NavigatorEffect] {
        authenticationState = .authenticated
        switch outcome {
        case .signedIn(let user):
            if path.last?.feature is MFAResolution.State { path.removeLast() }
            return reauthenticated(as: user)
        case .mfaRequired(let required):
            closeReauthenticationSheet()
            push(MFAResolution.State(required: required))
            return []
        }
    }

    /// The identity was proven: the sheet closes and the refused call runs again, once.
    mutating func reauthenticated(as user: User) -> [NavigatorEffect] {
        currentUser = user
        closeReauthenticationSheet()
        guard let refused = awaitingReauthentication else { return [] }
        awaitingReauthentication = nil
        return start(refused.call, as: refused.kind, isReplay: true, by: refused.owner)
    }

    /// Closes the sheet on top, if any; a password revealed in it is masked again for the screen beneath.
    private mutating func closeReauthenticationSheet() {
        guard topLayer?.form != nil else { return }
        presentation.removeLast()
        isPasswordRevealed = false
    }

    /// A refused credential: the sheet stays open, its secret cleared, under an alert that says why.
    mutating func reauthenticationFailed(_ error: AuthError, of operation: Operation) {
        if let id = presentation.ids.last, var sheet = presentation[id: id]?.feature as? PasswordReauthSheet.State {
            sheet.passwordRejected()
            presentation[id: id] = Presentation(sheet)
        } else if let id = presentation.ids.last, var sheet = presentation[id: id]?.feature as? VerificationCode.State {
            sheet.codeRejected()
            presentation[id: id] = Presentation(sheet)
        } else if topLayer?.form == nil {
            // The step before any sheet failed (looking up the provider, sending the link or code).
            awaitingReauthentication = nil
        }
        present(AlertPresentation.failure(error.code, of: operation))
    }

    /// The reauthentication link went out: the "check your email" sheet waits for it.
    mutating func reauthenticationLinkSent(to email: String) {
        present(EmailLinkReauthSheet.State(email: email))
    }

    /// The reauthentication code went out (or again): the code sheet waits for it, its countdown restarted.
    mutating func reauthenticationCodeSent(_ sent: PhoneCodeSent) {
        let sheet = VerificationCode.State(verificationID: sent.verificationID, phoneNumber: sent.phoneNumber,
                                           sentAt: sent.sentAt, isReauthentication: true)
        if let id = presentation.ids.last, presentation[id: id]?.feature is VerificationCode.State {
            presentation[id: id] = Presentation(sheet)
        } else {
            present(sheet)
        }
    }

    /// The code sheet reports its code; here the code reauthenticates.
    mutating func phoneReauthAsked(_ request: VerificationCode.Delegate) -> [NavigatorEffect] {
        switch request {
        case .codeEntered(let verificationID, let code):
            start(.reauthenticate(.phone(verificationID: verificationID, code: code)), as: .reauthenticating)
        case .resend(let phoneNumber):
            start(.verifyPhoneNumber(phoneNumber: phoneNumber), as: .sendingReauthenticationCode)
        case .changeNumber, .cancel:
            cancelReauthentication()
        }
    }
}

extension NavigatorState {
    /// The steps of signing in again answer here, whoever started them: a call refused for an old sign-in asks for
    /// it, and the provider found, the link or code sent, the identity proven or refused move it on. Nil for other
    /// answers.
    mutating func reauthenticationStep(_ response: OperationResponse, of operation: Operation) -> [NavigatorEffect]? {
        if let error = response.failure {
            if asksForReauthentication(error, of: operation) { return requestReauthentication(for: operation) }
            guard operation.kind.isStepOfReauthentication else { return nil }
            reauthenticationFailed(error, of: operation)
            return []
        }
        switch response {
        case .signIn(.success(let outcome)) where operation.kind == .reauthenticating
            || (operation.kind == .verifyingSecondFactor && awaitingReauthentication != nil):
            return reauthenticationAnswered(outcome)
        case .signInLinkSent(.success(let email)) where operation.kind == .sendingReauthenticationLink:
            reauthenticationLinkSent(to: email)
            return []
        case .phoneCodeSent(.success(let sent)) where operation.kind == .sendingReauthenticationCode:
            reauthenticationCodeSent(sent)
            return []
        case .signInProvider(.success(let provider)):
            return signInProviderFound(provider)
        case .session, .signIn, .signInLinkSent, .signInMethods, .credentialLinked, .phoneCodeSent,
             .secondFactorCodeSent, .passwordRecoveryEmailSent, .passwordReset, .signedOut, .inbox, .accountUpdated,
             .signInProvider, .browserSignInBegun, .browserReturned, .deviceSignInBegun, .deviceApproved, .provisioned,
             .secondFactors, .enrollmentCodeSent, .totpEnrollmentStarted:
            return nil
        }
    }
}
