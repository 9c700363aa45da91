import AuthCore

extension NavigatorState {
    /// Enter on a control: a field moves on (or submits from its form's last field); a button acts.
    mutating func activate(_ control: Control) -> [NavigatorEffect] {
        switch control {
        case .emailField, .passwordField, .confirmPasswordField:
            return advance(from: control, submit: .submitButton)
        case .recoveryEmailField:
            return activate(.sendRecoveryEmailButton)
        case .resetCodeField, .newPasswordField, .confirmNewPasswordField:
            return advance(from: control, submit: .resetPasswordButton)
        case .submitButton:
            return submitPicker()
        case .troubleSigningInLink:
            passwordRecovery = PasswordRecoveryForm()
            passwordRecovery.email = TextInput(picker.email.text)
            push(.passwordRecovery)
            return []
        case .flowToggleLink:
            authenticationFlow = authenticationFlow == .signIn ? .signUp : .signIn
            return []
        case .cancelButton:
            return [.quit]
        case .sendRecoveryEmailButton:
            guard isRecoverySendEnabled else {
                passwordRecovery.email.hasBeenEdited = true
                return []
            }
            let email = passwordRecovery.email.text
            return [.sendPasswordRecoveryEmail(operationID: begin(.sendingPasswordRecoveryEmail), email: email)]
        case .haveResetCodeLink:
            passwordRecovery.step = .enterCode
            focus = .resetCodeField
            return []
        case .resetPasswordButton:
            return submitReset()
        case .signOutButton:
            return [.signOut(operationID: begin(.signingOut))]
        case .providerButton(let provider):
            return select(provider)
        case .emailLinkEmailField:
            return emailLink.step == .requestLink ? activate(.sendEmailLinkButton)
                : advance(from: control, submit: .emailLinkSignInButton)
        case .sendEmailLinkButton:
            return sendEmailLink()
        case .emailLinkField:
            return activate(.emailLinkSignInButton)
        case .emailLinkSignInButton:
            return signInWithEmailLink()
        case .identityProviderEmailField, .identityProviderNameField:
            return advance(from: control, submit: .identityProviderContinueButton)
        case .identityProviderVerifiedToggle:
            if var form = identityProviderForm {
                form.isEmailVerified.toggle()
                sheet = .identityProvider(form)
            }
            return []
        case .identityProviderContinueButton:
            return continueWithIdentityProvider()
        case .legacyOption(let index):
            return chooseLegacyOption(at: index)
        case .sheetCancelButton:
            closeSheet()
            return []
        case .countryButton:
            openCountryPicker()
            return []
        case .phoneNumberField:
            return activate(.sendCodeButton)
        case .sendCodeButton:
            return sendVerificationCode()
        case .verificationCodeField, .verifyCodeButton:
            return verifyCode()
        case .resendCodeButton:
            return resendVerificationCode()
        case .changeNumberLink:
            popRoute()
            focus = .phoneNumberField
            return []
        case .countrySearchField:
            chooseCountry()
            return []
        }
    }

    /// Enter in a field: the next field of the form, or submit from the last one.
    private mutating func advance(from control: Control, submit: Control) -> [NavigatorEffect] {
        let order = focusOrder
        guard let index = order.firstIndex(of: control), index + 1 < order.count else { return [] }
        let next = order[index + 1]
        if next == submit { return activate(submit) }
        focus = next
        return []
    }

    private mutating func submitPicker() -> [NavigatorEffect] {
        guard isPickerSubmitEnabled else {
            revealPickerValidation()
            return []
        }
        let email = picker.email.text, password = picker.password.text
        let credential = AuthCredential.emailPassword(email: email, password: password)
        switch authenticationFlow {
        case .signIn:
            return [.signIn(operationID: begin(.signingIn, credential: credential), email: email, password: password)]
        case .signUp:
            return [.createUser(operationID: begin(.signingUp, credential: credential), email: email,
                                password: password)]
        }
    }

    /// Submitting an invalid form shows every field's rules and focuses the first failing field.
    private mutating func revealPickerValidation() {
        picker.email.hasBeenEdited = true
        picker.password.hasBeenEdited = true
        if authenticationFlow == .signUp { picker.confirmPassword.hasBeenEdited = true }
        let failing = focusOrder.first { control in
            control.isTextField && (validation(for: control).contains { !$0.isSatisfied }
                || input(for: control)?.text.isEmpty == true)
        }
        if let failing { focus = failing }
    }

    private mutating func submitReset() -> [NavigatorEffect] {
        guard isResetEnabled else {
            passwordRecovery.code.hasBeenEdited = true
            passwordRecovery.newPassword.hasBeenEdited = true
            passwordRecovery.confirmNewPassword.hasBeenEdited = true
            return []
        }
        let form = passwordRecovery
        return [.resetPassword(operationID: begin(.resettingPassword), codeOrLink: form.code.text,
                               newPassword: form.newPassword.text)]
    }

    /// Closes an alert; some alerts move the flow on.
    mutating func dismiss(_ shown: AlertState) -> [NavigatorEffect] {
        alert = nil
        retry = nil
        alertSelection = 0
        switch shown {
        case .passwordRecoveryEmailSent:
            passwordRecovery.step = .enterCode
            focus = .resetCodeField
        case .passwordResetComplete:
            let email = passwordRecovery.email.text
            passwordRecovery = PasswordRecoveryForm()
            routes.removeAll()
            authenticationFlow = .signIn
            if !email.isEmpty { picker.email = TextInput(email) }
            picker.password = TextInput()
            focus = picker.email.text.isEmpty ? .emailField : .passwordField
        case .signInLinkSent:
            emailLink.step = .enterLink
            focus = .emailLinkField
        case .error, .credentialLinked:
            break
        }
        return []
    }
}
