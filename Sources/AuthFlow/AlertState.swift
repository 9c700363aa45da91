import AuthCore

/// What an alert says, described semantically (screens choose the words).
public enum AlertState: Hashable, Sendable {
    /// A failed operation; `during` tells which wording fits (e.g. sign-up vs sign-in rate limits).
    case error(AuthErrorCode, during: OperationKind)
    /// FirebaseUI's "Check your email" after a recovery email was requested.
    case passwordRecoveryEmailSent(email: String)
    /// The password was reset; the person signs in with the new one.
    case passwordResetComplete
    /// FirebaseUI's "Sign-in email sent".
    case signInLinkSent(email: String)
    /// A credential kept from a conflict was linked to the account that signed in.
    case credentialLinked(providerID: String)
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
    /// Close the alert and sign out.
    case signOut
    /// Close the alert and remove the second factor `uid`.
    case removeSecondFactor(uid: String)
}

/// A button of an alert: its caption and its action.
public struct AlertButton: Hashable, Sendable {
    /// Which caption the button shows.
    public enum Title: Hashable, Sendable {
        case ok, retry, cancel, signOut, remove
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

    /// The failure of `operation`, offering Retry when trying again as it was can help.
    static func failure(_ code: AuthErrorCode, of operation: Operation) -> AlertPresentation {
        var buttons = [AlertButton(.ok, .dismiss)]
        if retryableCodes.contains(code) { buttons.append(AlertButton(.retry, .retry(operation))) }
        return AlertPresentation(.error(code, during: operation.kind), buttons: buttons)
    }

    /// Failures worth trying again as they are: the server could not be reached or answered nonsense.
    static let retryableCodes: Set<AuthErrorCode> = [.networkRequestFailed, .internalError]
}
