import FoundationEssentials
import AuthCore

/// FirebaseUI's `EnterVerificationCodeView`, with the resend countdown FirebaseUI lacks.
///
/// It reports the code upward (`.codeEntered`), so one screen serves phone sign-in, MFA enrolment and MFA
/// resolution; its parent decides what the code is for.
public enum VerificationCode {
    /// Digits in an SMS code (FirebaseUI's boxes; FirebaseUI does not enforce it everywhere, we do).
    public static let length = 6

    /// Seconds before "Resend code" works again.
    public static let resendDelay: TimeInterval = 30

    /// Whole seconds until a code sent at `sentAt` can be resent, at `now` (the send time when nil); 0 when it can.
    static func countdown(sentAt: Date, now: Date?) -> Int {
        let elapsed = (now ?? sentAt).timeIntervalSince(sentAt)
        return max(0, Int((resendDelay - elapsed).rounded(.up)))
    }

    /// Keeps only the first six ASCII digits of what was typed in a code field.
    static func keepDigits(_ code: inout TextInput) {
        let digits = String(code.text.filter { $0.isASCII && $0.isNumber }.prefix(length))
        if digits != code.text {
            code = TextInput(digits)
            code.hasBeenEdited = true
        }
    }

    /// Whether a code has all six digits.
    static func isComplete(_ code: TextInput) -> Bool { code.text.count == length }

    /// The rule of a code field.
    static func rule(_ code: TextInput) -> ValidationResult {
        ValidationResult(rule: .verificationCode, isSatisfied: isComplete(code))
    }

    public enum Control: Hashable, Sendable {
        case codeField
        case verifyButton
        case resendButton
        case changeNumberLink
        /// In the reauthentication sheet, in place of "Change number": the number is the account's.
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = VerificationCode.Control

        public var verificationID: String
        public var phoneNumber: String
        public var code = TextInput()
        /// When the code was sent (the runner's clock), for the resend countdown.
        public var sentAt: Date
        /// The latest time the run loop reported while this screen was shown.
        public var now: Date?
        public var focus = Control.codeField
        /// The call that runs again once the code proves who is signed in (FirebaseUI's `PhoneReauthView`); nil
        /// when the code signs in.
        public let reauthenticating: RefusedCall?

        public init(verificationID: String, phoneNumber: String, sentAt: Date, reauthenticating: RefusedCall? = nil) {
            self.verificationID = verificationID
            self.phoneNumber = phoneNumber
            self.sentAt = sentAt
            self.reauthenticating = reauthenticating
        }

        /// The code screen for a code that just went out.
        public init(_ sent: PhoneCodeSent) {
            self.init(verificationID: sent.verificationID, phoneNumber: sent.phoneNumber, sentAt: sent.sentAt)
        }

        /// Whether the code proves again who is signed in rather than signs in.
        public var isReauthentication: Bool { reauthenticating != nil }

        public var controls: [Control] {
            [.codeField, .verifyButton, .resendButton, isReauthentication ? .cancelButton : .changeNumberLink]
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .codeField: .textField(isSecure: false)
            case .verifyButton: .button(isEnabled: isComplete)
            case .resendButton: .button(isEnabled: resendCountdown == 0)
            case .changeNumberLink: .link
            case .cancelButton: .button(isEnabled: true)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .codeField ? \.code : nil
        }

        public func validation(for control: Control) -> [ValidationResult] {
            control == .codeField ? [VerificationCode.rule(code)] : []
        }

        /// SMS codes are digits only, six at most.
        public mutating func didEdit(_ control: Control) { VerificationCode.keepDigits(&code) }

        /// Whether the code has all six digits.
        public var isComplete: Bool { VerificationCode.isComplete(code) }

        /// Whole seconds until a code can be resent; 0 when it can be resent now.
        public var resendCountdown: Int { VerificationCode.countdown(sentAt: sentAt, now: now) }
    }

    public enum Delegate: Hashable, Sendable {
        case codeEntered(verificationID: String, code: String)
        case resend(phoneNumber: String)
        case changeNumber
        case cancel
    }
}

extension VerificationCode.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> VerificationCode.Delegate? {
        switch control {
        case .codeField, .verifyButton:
            guard isComplete else {
                revealValidation(of: [.codeField])
                return nil
            }
            return .codeEntered(verificationID: verificationID, code: code.text)
        case .resendButton:
            return resendCountdown == 0 ? .resend(phoneNumber: phoneNumber) : nil
        case .changeNumberLink:
            return .changeNumber
        case .cancelButton:
            return .cancel
        }
    }

    /// A wrong code is of no further use: it is cleared for the next try.
    mutating func codeRejected() {
        code = TextInput()
        focus = .codeField
    }
}

/// As a route, the code signs in (or, signed in, links the phone); as the reauthentication sheet (FirebaseUI's
/// `PhoneReauthView`), it proves again who is signed in.
extension VerificationCode.State {
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard isReauthentication else {
            switch input {
            case .backRequested: return navigator.goBack()
            case .inboxToggled: return navigator.openInbox()
            case .passwordRevealToggled: return navigator.reveal(self)
            case .edited, .focusMovedForward, .focusMovedBackward, .activated, .selectionMoved:
                return drive(input, in: &navigator, as: id)
            }
        }
        switch input {
        case .backRequested: return Reauthentication.cancel(id, in: &navigator)
        case .inboxToggled: return navigator.openInbox()
        case .edited, .focusMovedForward, .focusMovedBackward, .activated, .selectionMoved, .passwordRevealToggled:
            return drive(input, in: &navigator, as: id)
        }
    }

    /// The sheet's keys: its form's, Esc (whatever `interactiveDismissEnabled` says: it has a Cancel button too)
    /// and F2, where the code arrives; the screen's are a screen's.
    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        guard isReauthentication else { return formBindings(in: navigator) + navigator.screenBindings }
        return formBindings(in: navigator) + [.escape(.back)] + (navigator.hasInbox ? [.inbox] : [])
    }

    public func asked(_ request: VerificationCode.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        if let refused = reauthenticating {
            return reauthenticationAsked(request, for: refused, in: &navigator, as: id)
        }
        switch request {
        case .codeEntered(let verificationID, let code):
            let credential = AuthCredential.phone(verificationID: verificationID, code: code)
            return navigator.authenticationState == .authenticated
                ? navigator.start(AuthCall.LinkCredential(credential))
                : navigator.start(AuthCall.SignInWithCredential(credential))
        case .resend(let phoneNumber):
            return navigator.start(AuthCall.VerifyPhoneNumber(phoneNumber: phoneNumber))
        case .changeNumber, .cancel:
            navigator.remove(id)
            return []
        }
    }

    /// A new code went out (a fresh screen shows), or the sign-in or link answered; a wrong code is cleared.
    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? {
        if let sent = response.output(PhoneCodeSent.self) {
            VerificationCode.resent(sent, in: &navigator)
            return []
        }
        if response.failure?.code == .invalidCode, operation.call.answers(SignInOutcome.self) { codeRejected() }
        return navigator.signInAnswered(response, of: operation)
    }

    /// The sheet's code proves who is signed in; "Resend code" sends another for the same purpose.
    private func reauthenticationAsked(_ request: VerificationCode.Delegate, for refused: RefusedCall,
                                       in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect] {
        switch request {
        case .codeEntered(let verificationID, let code):
            navigator.start(AuthCall.Reauthenticate(.phone(verificationID: verificationID, code: code)),
                            purpose: .reauthentication(refused))
        case .resend(let phoneNumber):
            navigator.start(AuthCall.VerifyPhoneNumber(phoneNumber: phoneNumber),
                            purpose: .reauthentication(refused))
        case .changeNumber, .cancel:
            Reauthentication.cancel(id, in: &navigator)
        }
    }

    /// A refused code is of no further use: it is cleared for the next try.
    public mutating func credentialRejected(_ code: AuthErrorCode) { codeRejected() }

    /// The resend countdown moves; ignored once it is over.
    public mutating func tick(_ date: Date) -> Bool {
        guard resendCountdown > 0 else { return false }
        now = date
        return true
    }

    /// A text message to this number: its code is entered here.
    public func canUse(_ message: OutboxMessage, in navigator: NavigatorState) -> Bool {
        let isMine = message.kind == .sms && message.recipient == phoneNumber
        return isReauthentication ? isMine : isMine || navigator.canUseOnScreen(message)
    }

    public mutating func use(_ message: OutboxMessage, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard message.kind == .sms else { return navigator.useOnScreen(message) }
        code = TextInput(message.code)
        didEdit(.codeField)
        return activate(.verifyButton).map { asked($0, in: &navigator, as: id) } ?? []
    }
}

extension VerificationCode {
    /// A new code went out from the code screen: a fresh one shows, and the phone screen beneath, which pushed it,
    /// keeps it for the number.
    static func resent(_ sent: PhoneCodeSent, in navigator: inout NavigatorState) {
        let screen = State(sent)
        navigator.show(screen)
        let parent = navigator.path.count - 2
        guard parent >= 0, var phone = navigator.path[parent].feature as? EnterPhoneNumber.State else { return }
        phone.pendingCodes[sent.phoneNumber] = screen
        navigator.path[parent] = Route(phone)
    }
}
