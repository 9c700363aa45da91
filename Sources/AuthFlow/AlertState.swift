import AuthCore

/// What an alert says, described semantically (screens choose the words).
public enum AlertState: Hashable, Sendable {
    /// A failed operation; `during` tells which wording fits (e.g. sign-up vs sign-in rate limits).
    case error(AuthErrorCode, during: OperationKind)
    /// A phone number offered as a first factor (to sign in, or to link) was refused because its account has a
    /// text-message second factor (UNSUPPORTED_FIRST_FACTOR, which enrolment answers with another meaning).
    case phoneNumberProtectedBySecondFactor
    /// A password the project's policy refuses, with what it still lacks.
    case passwordRequirementsNotMet([PasswordRequirement])
    /// A feature needs a library that cannot be loaded: the alert names it and the package that has it.
    case libraryMissing(OnDemandLibrary)
    /// FirebaseUI's "Check your email" after a recovery email was requested.
    case passwordRecoveryEmailSent(email: String)
    /// The password was reset; the person signs in with the new one.
    case passwordResetComplete
    /// FirebaseUI's "Sign-in email sent".
    case signInLinkSent(email: String)
    /// A credential kept from a conflict was linked to the account that signed in.
    case credentialLinked(providerID: ProviderID)
    /// A guest signed in to an account that already exists: continuing ends the guest session and its data.
    case guestReplacedByExistingAccount
    /// A guest is about to sign in to (or create) an account it does not become: the guest session ends.
    case guestSessionEnds
    /// Esc at the root while the form holds typed text: quitting would lose it, so a second Esc confirms.
    case quitLosesTypedInput
    /// FirebaseUI's "Verification email sent".
    case emailVerificationSent(email: String)
    case emailVerified(email: String)
    /// FirebaseUI's "Password Updated".
    case passwordUpdated
    case profileUpdated
    /// Asks before a sign-in method is removed.
    case confirmUnlink(providerID: ProviderID)
    case methodUnlinked(providerID: ProviderID)
    /// FirebaseUI's "Delete Account?": it cannot be undone.
    case confirmDeleteAccount
    case accountDeleted
    /// The backend no longer accepts the session: the person was signed out, and is told why.
    case signedOut(SessionEnd.Reason)
    /// FirebaseUI's "Email Verification Required": a link will be sent to sign in again.
    case reauthenticateWithEmailLink(email: String)
    /// FirebaseUI's "Phone Verification Required": a code will be sent to sign in again.
    case reauthenticateWithPhone(phoneNumber: String)
    /// FirebaseUI's "Authentication Required": sign in again with an identity provider.
    case reauthenticateWithProvider(providerID: ProviderID)
    /// The provisioning command failed; the person retries or signs out.
    case provisioningFailed(ProvisioningFailure)
    /// Asks before a second factor is removed.
    case confirmSecondFactorRemoval(MultiFactorInfo)
}

/// What an alert button does.
public enum AlertAction: Hashable, Sendable {
    /// Close the alert.
    case dismiss
    /// Close the alert and send the failed call again, exactly as it was, as a new operation.
    case retry(Operation)
    /// Close the alert and show the reset form of password recovery.
    case showResetForm
    /// Close the alert and show the step where the emailed link is pasted.
    case showLinkEntry
    /// Close the alert and go back to the picker to sign in with the new password.
    case returnToSignIn(email: String)
    /// Close the alert and leave the app.
    case quit
    /// Close the alert and start the sign-in the person agreed may end the guest session (the guest is signed
    /// out first when its credential collided).
    case replaceGuest(AuthCall)
    /// Close the alert and start a call (a confirmed deletion, say, or a step of signing in again).
    case start(AuthCall, purpose: Operation.Purpose = .request)
    /// Close the alert and go back to the account screen.
    case returnToAccount
    /// Close the alert and ask the provider to sign in again (`IdentityProviderHandoff`), for the refused call.
    case reauthenticateWith(IdentityProviderButton, RefusedCall)
    /// Close the alert and sign out.
    case signOut
}

extension AlertAction {
    /// Close the alert and start `call`.
    public static func start(_ call: some BackendCall, purpose: Operation.Purpose = .request) -> AlertAction {
        .start(AuthCall(call), purpose: purpose)
    }
}

/// A button of an alert: its caption and its action.
public struct AlertButton: Hashable, Sendable {
    /// Which caption the button shows.
    public enum Title: Hashable, Sendable {
        case ok, retry, cancel, quit, `continue`, deleteAccount, unlink, sendCode, signOut, remove
    }

    public var title: Title
    public var action: AlertAction

    public init(_ title: Title, _ action: AlertAction) {
        self.title = title
        self.action = action
    }
}

/// A modal alert: what it says, its buttons with their actions, and which one has focus.
public struct AlertPresentation: Hashable, Sendable {
    public var content: AlertState
    /// Left to right; the first is focused at first, so Enter alone never repeats a call.
    public var buttons: [AlertButton]
    public var selection = 0
    /// What Esc does.
    public var escapeAction: AlertAction

    public init(_ content: AlertState, buttons: [AlertButton], escapeAction: AlertAction = .dismiss) {
        self.content = content
        self.buttons = buttons
        self.escapeAction = escapeAction
    }

    /// An alert with one OK button that does `action` (Esc does the same).
    public init(_ content: AlertState, then action: AlertAction = .dismiss) {
        self.init(content, buttons: [AlertButton(.ok, action)], escapeAction: action)
    }

    /// Asks before Esc quits and loses typed text: Enter keeps editing (the first button), Esc again quits.
    static let confirmQuit = AlertPresentation(.quitLosesTypedInput, buttons: [AlertButton(.cancel, .dismiss),
                                                                               AlertButton(.quit, .quit)],
                                               escapeAction: .quit)

    /// Asks before a guest's data is given up for the existing account a credential belongs to: Enter cancels
    /// (the first button), Continue signs in to that account.
    static func confirmReplacingGuest(with credential: AuthCredential) -> AlertPresentation {
        confirmEndingGuestSession(.guestReplacedByExistingAccount, then: AuthCall(AuthCall.ReplaceGuestAndSignIn(credential)))
    }

    /// Asks the same before a guest signs in to, or creates, an account the guest does not become.
    static func confirmEndingGuestSession(before call: AuthCall) -> AlertPresentation {
        confirmEndingGuestSession(.guestSessionEnds, then: call)
    }

    private static func confirmEndingGuestSession(_ content: AlertState, then call: AuthCall) -> AlertPresentation {
        AlertPresentation(content, buttons: [AlertButton(.cancel, .dismiss), AlertButton(.continue, .replaceGuest(call))])
    }

    /// The failure of `operation`: the missing library or the unmet password requirements when the error names
    /// them, a phone number refused as a first factor, else its code's alert.
    static func failure(_ error: AuthError, of operation: Operation) -> AlertPresentation {
        if let library = error.missingLibrary {
            return AlertPresentation(.libraryMissing(library))
        }
        let requirements = error.unmetPasswordRequirements
        guard requirements.isEmpty else { return AlertPresentation(.passwordRequirementsNotMet(requirements)) }
        if error.code == .unsupportedFirstFactor, operation.call.offersPhoneAsFirstFactor {
            return AlertPresentation(.phoneNumberProtectedBySecondFactor)
        }
        return failure(error.code, of: operation)
    }

    /// The failure of `operation` by its code, offering Retry when trying again as it was can help.
    static func failure(_ code: AuthErrorCode, of operation: Operation) -> AlertPresentation {
        var buttons = [AlertButton(.ok, .dismiss)]
        if retryableCodes.contains(code) { buttons.append(AlertButton(.retry, .retry(operation))) }
        return AlertPresentation(.error(code, during: operation.kind), buttons: buttons)
    }

    /// Failures worth trying again as they are: the server could not be reached or answered nonsense.
    static let retryableCodes: Set<AuthErrorCode> = [.networkRequestFailed, .internalError]
}

extension AlertPresentation: Feature {
    /// Tab moves between the buttons; Enter presses the focused one, Esc does what Esc does here. Either closes
    /// the alert and hands the action to the element that presented it, the one beneath.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch input {
        case .activated:
            return choose(buttons[selection].action, in: &navigator, as: id)
        case .backRequested:
            return choose(escapeAction, in: &navigator, as: id)
        case .focusMovedForward, .focusMovedBackward:
            guard buttons.count > 1 else { return [] }
            let step = input == .focusMovedForward ? 1 : buttons.count - 1
            selection = (selection + step) % buttons.count
            return []
        case .edited, .passwordRevealToggled, .inboxToggled, .selectionMoved:
            return []
        }
    }

    private func choose(_ action: AlertAction, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        navigator.remove(id)
        return navigator.reduce(navigator.topElement) { feature, navigator, presenter in
            feature.perform(action, in: &navigator, as: presenter)
        } ?? []
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        if buttons.count == 1, buttons[0].action == escapeAction {
            // One button, which Esc presses too.
            return [KeyBinding([.enter, .space, .escape], .dismiss, .activated)]
        }
        var bindings: [KeyBinding] = []
        if buttons.count > 1 {
            bindings += [KeyBinding([.tab, .right, .down], .next, .focusMovedForward),
                         KeyBinding([.shiftTab, .left, .up], .previous, .focusMovedBackward,
                                    isInFooter: false)]
        }
        return bindings + [KeyBinding([.enter, .space], .activate, .activated), .escape(escapeHint)]
    }

    /// What the footer says Esc does.
    private var escapeHint: KeyHint {
        switch escapeAction {
        case .signOut: .signOut
        case .quit: .quit
        case .dismiss, .retry, .showResetForm, .showLinkEntry, .returnToSignIn, .replaceGuest, .start, .returnToAccount,
             .reauthenticateWith:
            .dismiss
        }
    }
}

extension NavigatorState {
    /// What an alert's action does for the element that presented it, unless that feature does it itself.
    mutating func perform(_ action: AlertAction, for presenter: ElementID) -> [NavigatorEffect] {
        switch action {
        case .dismiss, .showResetForm, .showLinkEntry:
            return []
        case .quit:
            return [.quit]
        case .replaceGuest(let call):
            return begin(call, purpose: .request, by: presenter)
        case .retry(let failed):
            return start(failed.call, purpose: failed.purpose, by: failed.owner)
        case .returnToSignIn(let email):
            path.removeAll()
            var picker = newPicker(email: email)
            if !email.isEmpty { picker.focus = .passwordField }
            root = .picker(picker)
            return []
        case .start(let call, let purpose):
            return start(call, purpose: purpose, by: presenter)
        case .returnToAccount:
            path.removeAll()
            return []
        case .reauthenticateWith(let button, let refused):
            return IdentityProviderHandoff.begin(button, for: .reauthenticate(refused), email: currentUser?.email ?? "",
                                                 in: &self)
        case .signOut:
            return start(AuthCall.SignOut(), by: presenter)
        }
    }
}
