import FoundationEssentials
import AuthCore

/// Something that happened: a person's action or a call's result.
public enum NavigatorEvent: Hashable, Sendable {
    /// The app started; the persisted session must be read.
    case started
    /// Text typed, pasted or edited in the focused field.
    case edited(TextEdit)
    case focusMovedForward
    case focusMovedBackward
    /// Enter on the focused control.
    case activated
    /// Esc: stop waiting, dismiss, go back or cancel.
    case backRequested
    case passwordRevealToggled
    case inboxToggled
    /// ↑/↓ in a list.
    case selectionMoved(by: Int)
    /// Ctrl-C or Ctrl-Q.
    case quitRequested
    /// The run loop's clock, for countdowns (the Navigator reads no clock itself).
    case clockTicked(Date)
    /// A call finished.
    case responded(operationID: Int, OperationResponse)
}

/// An SMS code went out.
public struct PhoneCodeSent: Hashable, Sendable {
    public var verificationID: String
    public var phoneNumber: String
    /// When it was sent, by the runner's clock.
    public var sentAt: Date

    public init(verificationID: String, phoneNumber: String, sentAt: Date) {
        self.verificationID = verificationID
        self.phoneNumber = phoneNumber
        self.sentAt = sentAt
    }
}

/// What the app knew at launch: the persisted session and the remembered email-link address.
public struct SessionSnapshot: Hashable, Sendable {
    public var user: User?
    public var emailForLink: String?
    /// The user the provisioning command last succeeded for, remembered across runs.
    public var provisionedUserID: String?

    public init(user: User?, emailForLink: String? = nil, provisionedUserID: String? = nil) {
        self.user = user
        self.emailForLink = emailForLink
        self.provisionedUserID = provisionedUserID
    }
}
