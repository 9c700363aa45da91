import AuthCore

/// FirebaseUI's `MFAResolutionView`: after the first factor, choose a second factor and enter its code.
///
/// An authenticator app's code is typed here; a text message is sent first with "Send code" (as FirebaseUI's view
/// says "We'll send a code to …"), then its code is typed here too.
/// Cancel drops the pending sign-in: the person is back at the picker, signed out.
public enum MFAResolution {
    public enum Control: Hashable, Sendable {
        /// One of the enrolled factors (FirebaseUI's hints).
        case hint(Int)
        /// Sends the text message of the chosen phone; shown until it was sent.
        case sendCodeButton
        case codeField
        case verifyButton
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = MFAResolution.Control

        public var required: MFARequired
        /// The chosen hint.
        public var selection = 0
        public var code = TextInput()
        /// The session of the text message sent for the chosen phone hint, once sent.
        public var verificationID: String?
        public var focus: Control
        /// The call that runs again once the second factor proves who is signed in; nil when it finishes a sign-in.
        public let reauthenticating: RefusedCall?

        public init(required: MFARequired, reauthenticating: RefusedCall? = nil) {
            self.required = required
            self.reauthenticating = reauthenticating
            focus = .hint(0)
            if let step = nextStep { focus = step }
        }

        /// The chosen factor.
        public var hint: MFAHint? { required.hints.indices.contains(selection) ? required.hints[selection] : nil }

        /// Whether a code can be typed: an authenticator app's at once, a text message's once it was sent.
        public var isCodeExpected: Bool {
            switch hint {
            case .totp?: true
            case .phone?: verificationID != nil
            case nil: false
            }
        }

        /// Where the chosen factor goes on: its code, or the button that sends its text message.
        var nextStep: Control? {
            if isCodeExpected { return .codeField }
            if case .phone? = hint { return .sendCodeButton }
            return nil
        }

        public var controls: [Control] {
            let step: [Control] = switch nextStep {
            case .codeField?: [.codeField, .verifyButton]
            case .sendCodeButton?: [.sendCodeButton]
            case .hint?, .verifyButton?, .cancelButton?, nil: []
            }
            return required.hints.indices.map(Control.hint) + step + [.cancelButton]
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .hint(let index): .toggle(isOn: index == selection)
            case .codeField: .textField(isSecure: false)
            case .verifyButton: .button(isEnabled: VerificationCode.isComplete(code))
            case .sendCodeButton, .cancelButton: .button(isEnabled: true)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .codeField ? \.code : nil
        }

        public func validation(for control: Control) -> [ValidationResult] {
            control == .codeField ? [VerificationCode.rule(code)] : []
        }

        /// Codes are digits only, six at most.
        public mutating func didEdit(_ control: Control) { VerificationCode.keepDigits(&code) }
    }

    public enum Delegate: Hashable, Sendable {
        case sendTextMessage(hintUID: String)
        case resolve(MultiFactorAssertion)
        case cancel
    }
}

extension MFAResolution.State: FormReducer {
    /// Enter on a control: a factor is only chosen (focus moves on to its code or "Send code"); nothing is sent
    /// until "Send code" is pressed.
    public mutating func activate(_ control: Control) -> MFAResolution.Delegate? {
        switch control {
        case .hint(let index):
            if index != selection {
                selection = index
                verificationID = nil
                code = TextInput()
            }
            focus = nextStep ?? control
            return nil
        case .sendCodeButton:
            guard case .phone(_, let uid, _)? = hint, verificationID == nil else { return nil }
            return .sendTextMessage(hintUID: uid)
        case .codeField, .verifyButton:
            guard VerificationCode.isComplete(code) else {
                revealValidation(of: [.codeField])
                return nil
            }
            switch hint {
            case .totp(_, let uid)?: return .resolve(.totp(sessionInfo: uid, code: code.text))
            case .phone?: return verificationID.map { .resolve(.phone(verificationID: $0, code: code.text)) }
            case nil: return nil
            }
        case .cancelButton:
            return .cancel
        }
    }

    /// A wrong (or already used) code is of no further use: it is cleared for the next try.
    mutating func codeRejected() {
        code = TextInput()
        focus = .codeField
    }

    /// The text message went out: its code can be typed.
    mutating func textMessageSent(verificationID: String) {
        self.verificationID = verificationID
        focus = .codeField
    }
}


extension MFAResolution.State {
    public func asked(_ request: MFAResolution.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .sendTextMessage(let hintUID):
            navigator.start(AuthCall.SendSecondFactorCode(required, hintUID: hintUID))
        case .resolve(let assertion):
            navigator.start(AuthCall.ResolveSecondFactor(required, assertion),
                            purpose: reauthenticating.map(Operation.Purpose.reauthentication) ?? .request)
        case .cancel:
            navigator.goBack()
        }
    }

    /// The text message went out (its code can be typed), or the sign-in answered; a wrong code is cleared.
    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? {
        if operation.call.base is AuthCall.SendSecondFactorCode, let verificationID = response.output(String.self) {
            textMessageSent(verificationID: verificationID)
            return []
        }
        if response.failure?.code == .invalidCode, operation.call.answers(SignInOutcome.self) { codeRejected() }
        return navigator.signInAnswered(response, of: operation)
    }

    /// A wrong (or already used) code is cleared; a rate limit keeps it.
    public mutating func credentialRejected(_ code: AuthErrorCode) {
        if code == .invalidCode { codeRejected() }
    }

    /// The text message of the chosen phone: its number is masked but for its end, which must match.
    public func canUse(_ message: OutboxMessage, in navigator: NavigatorState) -> Bool {
        if message.kind == .sms, verificationID != nil, case .phone(_, _, let number?)? = hint {
            let shown = number.filter(\.isNumber).suffix(4)
            if shown.count == 4 && message.recipient.filter(\.isNumber).hasSuffix(shown) { return true }
        }
        return navigator.canUseOnScreen(message)
    }

    public mutating func use(_ message: OutboxMessage, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard message.kind == .sms else { return navigator.useOnScreen(message) }
        fill(.codeField, with: message.code, then: .verifyButton)
        return drive(.activated, in: &navigator, as: id)
    }
}
