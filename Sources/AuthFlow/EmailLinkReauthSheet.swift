import FoundationEssentials
import AuthCore

/// FirebaseUI's `EmailLinkReauthView` ("Check your email"): the link that was just sent, used from the inbox
/// or pasted (a terminal has no URL callback), or sent again with Resend once its countdown is over (as the code
/// sheets' "Resend code").
public enum EmailLinkReauthSheet {
    public enum Control: Hashable, Sendable {
        case linkField
        case confirmButton
        case resendButton
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = EmailLinkReauthSheet.Control

        public var email: String
        public var link = TextInput()
        public var focus = Control.linkField
        /// The call that runs again once the link proves who is signed in.
        public let refused: RefusedCall
        /// The run loop's first clock tick after the link went out (the answer carries no time), for the resend
        /// countdown.
        public var sentAt: Date?
        /// The latest time the run loop reported while the countdown ran.
        public var now: Date?

        public init(email: String, refused: RefusedCall) {
            self.email = email
            self.refused = refused
        }

        public var controls: [Control] { [.linkField, .confirmButton, .resendButton, .cancelButton] }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .linkField: .textField(isSecure: false)
            case .confirmButton: .button(isEnabled: !pastedLink.isEmpty)
            case .resendButton: .button(isEnabled: resendCountdown == 0)
            case .cancelButton: .button(isEnabled: true)
            }
        }

        /// Whole seconds until the link can be sent again; the whole delay until the clock first ticks.
        public var resendCountdown: Int {
            sentAt.map { VerificationCode.countdown(sentAt: $0, now: now) } ?? Int(VerificationCode.resendDelay)
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .linkField ? \.link : nil
        }

        /// The pasted link without the line breaks a terminal may add.
        var pastedLink: String { link.text.filter { !$0.isWhitespace } }
    }

    public typealias Delegate = ReauthenticationSheetRequest
}

extension EmailLinkReauthSheet.State: FormReducer {
    /// Enter on a control.
    public func activate(_ control: Control) -> EmailLinkReauthSheet.Delegate? {
        switch control {
        case .linkField, .confirmButton:
            pastedLink.isEmpty ? nil : .reauthenticate(.emailLink(email: email, link: pastedLink))
        case .resendButton:
            resendCountdown == 0 ? .sendAgain(AuthCall(AuthCall.SendSignInLink(email: email))) : nil
        case .cancelButton:
            .cancel
        }
    }
}

extension EmailLinkReauthSheet.State {
    /// Esc cancels (whatever `interactiveDismissEnabled` says: the sheet has a Cancel button too); F2 opens the
    /// inbox, where the link arrives.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch input {
        case .backRequested: Reauthentication.cancel(id, in: &navigator)
        case .inboxToggled: navigator.openInbox()
        case .edited, .focusMovedForward, .focusMovedBackward, .activated, .passwordRevealToggled, .selectionMoved:
            drive(input, in: &navigator, as: id)
        }
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        formBindings(in: navigator) + [.escape(.back)] + (navigator.hasInbox ? [.inbox] : [])
    }

    /// The resend countdown starts at the first tick and moves; ignored once it is over.
    public mutating func tick(_ date: Date) -> Bool {
        guard sentAt != nil else {
            sentAt = date
            now = date
            return true
        }
        guard resendCountdown > 0 else { return false }
        now = date
        return true
    }

    public func asked(_ request: EmailLinkReauthSheet.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        Reauthentication.asked(request, by: id, for: refused, in: &navigator)
    }

    /// A sign-in email: its link proves who is signed in, at once.
    public func canUse(_ message: OutboxMessage, in navigator: NavigatorState) -> Bool {
        message.kind == .emailSignIn
    }

    public mutating func use(_ message: OutboxMessage, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        link = TextInput(message.link ?? message.code)
        return activate(.confirmButton).map { asked($0, in: &navigator, as: id) } ?? []
    }
}
