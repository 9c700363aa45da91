extension NavigatorState {
    /// The focusable controls of the current screen, in Tab order (an alert or the inbox, when shown, take the keys).
    public var focusOrder: [Control] {
        switch sheet {
        case .identityProvider:
            return [.identityProviderEmailField, .identityProviderNameField, .identityProviderVerifiedToggle,
                    .identityProviderContinueButton, .sheetCancelButton]
        case .legacyRecovery(let recovery):
            return recovery.options.indices.map(Control.legacyOption) + [.sheetCancelButton]
        case .countryPicker:
            return [.countrySearchField]
        case nil:
            break
        }
        switch authView {
        case .passwordRecovery:
            switch passwordRecovery.step {
            case .requestEmail: return [.recoveryEmailField, .sendRecoveryEmailButton, .haveResetCodeLink]
            case .enterCode: return [.resetCodeField, .newPasswordField, .confirmNewPasswordField, .resetPasswordButton]
            }
        case .emailLink:
            switch emailLink.step {
            case .requestLink: return [.emailLinkEmailField, .sendEmailLinkButton]
            case .enterLink: return [.emailLinkEmailField, .emailLinkField, .emailLinkSignInButton]
            }
        case .enterPhoneNumber:
            return [.countryButton, .phoneNumberField, .sendCodeButton]
        case .enterVerificationCode:
            return [.verificationCodeField, .verifyCodeButton, .resendCodeButton, .changeNumberLink]
        case .some:
            return []
        case nil:
            return authenticationState == .authenticated ? [.signOutButton] : pickerFocusOrder
        }
    }

    private var pickerFocusOrder: [Control] {
        var order: [Control] = []
        if emailPasswordSignInEnabled {
            order += [.emailField, .passwordField]
            if authenticationFlow == .signUp { order.append(.confirmPasswordField) }
            order.append(.submitButton)
            if authenticationFlow == .signIn { order.append(.troubleSigningInLink) }
            order.append(.flowToggleLink)
        }
        order += providerButtons.map(Control.providerButton)
        if !configuration.shouldHideCancelButton { order.append(.cancelButton) }
        return order
    }

    /// The text of a field control.
    public func input(for control: Control) -> TextInput? {
        switch control {
        case .emailField: picker.email
        case .passwordField: picker.password
        case .confirmPasswordField: picker.confirmPassword
        case .recoveryEmailField: passwordRecovery.email
        case .resetCodeField: passwordRecovery.code
        case .newPasswordField: passwordRecovery.newPassword
        case .confirmNewPasswordField: passwordRecovery.confirmNewPassword
        case .emailLinkEmailField: emailLink.email
        case .emailLinkField: emailLink.link
        case .identityProviderEmailField: identityProviderForm?.email
        case .phoneNumberField: phone.number
        case .verificationCodeField: phone.code
        case .countrySearchField: countryPicker?.query
        case .identityProviderNameField: identityProviderForm?.displayName
        default: nil
        }
    }

    /// The country picker, when that sheet is shown.
    public var countryPicker: CountryPickerState? {
        if case .countryPicker(let picker) = sheet { return picker }
        return nil
    }

    /// The identity provider sheet's form, when that sheet is shown.
    public var identityProviderForm: IdentityProviderForm? {
        if case .identityProvider(let form) = sheet { return form }
        return nil
    }

    mutating func updateInput(for control: Control, _ change: (inout TextInput) -> Void) {
        switch control {
        case .emailField: change(&picker.email)
        case .passwordField: change(&picker.password)
        case .confirmPasswordField: change(&picker.confirmPassword)
        case .recoveryEmailField: change(&passwordRecovery.email)
        case .resetCodeField: change(&passwordRecovery.code)
        case .newPasswordField: change(&passwordRecovery.newPassword)
        case .confirmNewPasswordField: change(&passwordRecovery.confirmNewPassword)
        case .emailLinkEmailField: change(&emailLink.email)
        case .emailLinkField: change(&emailLink.link)
        case .identityProviderEmailField:
            guard var form = identityProviderForm else { return }
            change(&form.email)
            sheet = .identityProvider(form)
        case .identityProviderNameField:
            guard var form = identityProviderForm else { return }
            change(&form.displayName)
            sheet = .identityProvider(form)
        case .phoneNumberField: change(&phone.number)
        case .verificationCodeField: change(&phone.code)
        case .countrySearchField:
            guard var picker = countryPicker else { return }
            change(&picker.query)
            sheet = .countryPicker(picker)
        default: break
        }
    }

    /// Puts focus on the first control when the current one is not on screen.
    mutating func normalizeFocus() {
        let order = focusOrder
        if !order.contains(focus), let first = order.first { focus = first }
    }
}
