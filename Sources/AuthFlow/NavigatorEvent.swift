import FoundationEssentials
import AuthCore

/// Something that happened: a person's action or a call's result.
public enum NavigatorEvent: Hashable, Sendable {
    /// What a person did, for the element that takes the keys.
    case input(Input)
    /// The app started; the persisted session must be read.
    case started
    /// Ctrl-C or Ctrl-Q.
    case quitRequested
    /// A key that works everywhere asked for a layer (F1, the keys): it opens over what is on top.
    case layerRequested(Presentation)
    /// The run loop's clock, for countdowns (the Navigator reads no clock itself).
    case clockTicked(Date)
    /// A scroll key on a screen taller than the terminal (the screen's, even when a feature declares it).
    case scrolled(ScrollMove)
    /// The run loop measured the screen's rows for the next frame (the Navigator knows no terminal size itself).
    case viewportMeasured(Viewport)
    /// A call finished.
    case responded(operationID: Int, OperationResponse)

    /// What a person does to the element that takes the keys; it alone handles it.
    public enum Input: Hashable, Sendable {
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
    }
}

/// A person's input, as an event.
extension NavigatorEvent {
    public static func edited(_ edit: TextEdit) -> NavigatorEvent { .input(.edited(edit)) }
    public static let focusMovedForward = NavigatorEvent.input(.focusMovedForward)
    public static let focusMovedBackward = NavigatorEvent.input(.focusMovedBackward)
    public static let activated = NavigatorEvent.input(.activated)
    public static let backRequested = NavigatorEvent.input(.backRequested)
    public static let passwordRevealToggled = NavigatorEvent.input(.passwordRevealToggled)
    public static let inboxToggled = NavigatorEvent.input(.inboxToggled)
    public static func selectionMoved(by delta: Int) -> NavigatorEvent { .input(.selectionMoved(by: delta)) }
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
