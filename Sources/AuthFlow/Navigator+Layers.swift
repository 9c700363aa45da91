import AuthCore

/// Input for the layers that are not forms: alerts, the country list and the inbox.
extension NavigatorState {
    mutating func alertInput(_ event: NavigatorEvent, _ alert: AlertPresentation) -> [NavigatorEffect] {
        switch event {
        case .activated:
            return perform(alert.buttons[alert.selection].action)
        case .backRequested:
            return perform(alert.escapeAction)
        case .focusMovedForward, .focusMovedBackward:
            guard alert.buttons.count > 1 else { return [] }
            var moved = alert
            let step = event == .focusMovedForward ? 1 : alert.buttons.count - 1
            moved.selection = (alert.selection + step) % alert.buttons.count
            replaceTopLayer(with: .alert(moved))
            return []
        default:
            return []
        }
    }

    /// Closes the alert and does what its button says.
    private mutating func perform(_ action: AlertAction) -> [NavigatorEffect] {
        presentation.removeLast()
        switch action {
        case .dismiss:
            break
        case .quit:
            return [.quit]
        case .replaceGuest(let credential):
            return start(.replaceGuestAndSignIn(credential), as: .signingIn)
        case .retry(let failed):
            return start(failed.call, as: failed.kind, by: failed.owner)
        case .showResetForm:
            if case .passwordRecovery(var feature)? = path.last {
                feature.showResetForm()
                path[path.count - 1] = .passwordRecovery(feature)
            }
        case .showLinkEntry:
            if case .emailLink(var feature)? = path.last {
                feature.showLinkEntry()
                path[path.count - 1] = .emailLink(feature)
            }
        case .returnToSignIn(let email):
            path.removeAll()
            var picker = newPicker(email: email)
            if !email.isEmpty { picker.focus = .passwordField }
            root = .picker(picker)
        case .start(let call, let kind):
            return start(call, as: kind)
        case .returnToAccount:
            path.removeAll()
        case .reauthenticateWith(let button):
            present(.identityProviderSheet(IdentityProviderSheet.State(button: button, email: currentUser?.email ?? "")))
        case .cancelReauthentication:
            return cancelReauthentication()
        case .signOut:
            return start(.signOut, as: .signingOut)
        }
        return []
    }

    mutating func countryPickerInput(_ event: NavigatorEvent, _ picker: inout CountryPicker.State) -> [NavigatorEffect] {
        switch event {
        case .backRequested:
            presentation.removeLast()
        case .selectionMoved(let delta):
            picker.moveSelection(by: delta)
            replaceTopLayer(with: .countryPicker(picker))
        default:
            guard case .activated = picker.receive(event) else {
                replaceTopLayer(with: .countryPicker(picker))
                return []
            }
            guard let country = picker.chosen else { return [] }
            presentation.removeLast()
            if case .enterPhoneNumber(var feature)? = path.last {
                feature.country = country
                feature.focus = .numberField
                path[path.count - 1] = .enterPhoneNumber(feature)
            }
            updateEnrollment {
                $0.phone.country = country
                $0.focus = .numberField
            }
        }
        return []
    }

    mutating func inboxInput(_ event: NavigatorEvent, _ inbox: inout Inbox.State) -> [NavigatorEffect] {
        switch event {
        case .backRequested, .inboxToggled:
            presentation.removeLast()
        case .selectionMoved(let delta):
            inbox.moveSelection(by: delta)
            replaceTopLayer(with: .inbox(inbox))
        case .activated:
            guard let message = inbox.selected, canUse(message) else { return [] }
            presentation.removeLast()
            return use(message)
        default:
            break
        }
        return []
    }

    /// Enter on a message: a reauthentication sheet uses its link or code at once; a verification email
    /// verifies the address; a password-reset email opens the reset form with its code filled in; a sign-in
    /// email signs in with its link at once when the address is remembered, else asks for the address; a
    /// text message's code is entered on the code screen waiting for it.
    private mutating func use(_ message: OutboxMessage) -> [NavigatorEffect] {
        let code = message.link ?? message.code
        switch topLayer {
        case .emailLinkReauthSheet(var sheet)?:
            sheet.link = TextInput(code)
            replaceTopLayer(with: .emailLinkReauthSheet(sheet))
            return sheet.activate(.confirmButton).map { emailLinkReauthAsked($0) } ?? []
        case .phoneReauthSheet(var sheet)?:
            sheet.code = TextInput(message.code)
            sheet.didEdit(.codeField)
            replaceTopLayer(with: .phoneReauthSheet(sheet))
            return sheet.activate(.verifyButton).map { phoneReauthAsked($0) } ?? []
        default:
            break
        }
        if message.kind == .verifyEmail {
            return start(.applyActionCode(codeOrLink: code), as: .verifyingEmail)
        }
        if message.kind == .sms, case .enterVerificationCode(var feature)? = path.last {
            feature.code = TextInput(message.code)
            feature.didEdit(.codeField)
            let request = feature.activate(.verifyButton)
            path[path.count - 1] = .enterVerificationCode(feature)
            return request.map { verificationCodeAsked($0) } ?? []
        }
        if message.kind == .sms, case .mfaResolution(var feature)? = path.last {
            let request = Self.submit(message.code, in: &feature, field: .codeField, button: .verifyButton) {
                $0.activate($1)
            }
            path[path.count - 1] = .mfaResolution(feature)
            return request.map { mfaResolutionAsked($0, feature.required) } ?? []
        }
        if message.kind == .sms, case .mfaEnrollment(var feature)? = path.last {
            let request = Self.submit(message.code, in: &feature, field: .codeField, button: .completeButton) {
                $0.activate($1)
            }
            path[path.count - 1] = .mfaEnrollment(feature)
            return request.map { mfaEnrollmentAsked($0) } ?? []
        }
        // The message leads away from a waiting screen (a browser's or a device code's): its wait stops.
        leaveWaitingScreen()
        if message.kind == .passwordReset {
            show(.passwordRecovery(PasswordRecovery.State(email: message.recipient, code: code))) {
                if case .passwordRecovery = $0 { true } else { false }
            }
            return []
        }
        var feature = EmailLink.State(link: code, email: emailForLink)
        let request = emailForLink == nil ? nil : feature.activate(.signInButton)
        show(.emailLink(feature)) {
            if case .emailLink = $0 { true } else { false }
        }
        return request.map { emailLinkAsked($0) } ?? []
    }

    /// Puts a code from the inbox into a form's code field and presses its button.
    private static func submit<Feature: FormFeature, Delegate>(
        _ code: String, in feature: inout Feature, field: Feature.Control, button: Feature.Control,
        activate: (inout Feature, Feature.Control) -> Delegate?
    ) -> Delegate? {
        if let text = feature.text(of: field) { feature[keyPath: text] = TextInput(code) }
        feature.didEdit(field)
        feature.focus = button
        return activate(&feature, button)
    }
}
