import FoundationEssentials
import AuthCore

/// FirebaseUI's `MFAEnrolmentView`: choose a text message or an authenticator app, prove it with a code.
///
/// A text message takes the phone screen's country and number (the same `EnterPhoneNumber` state) and a name,
/// then the code sent to it. An authenticator app gets its secret as a QR code and as text, then its code.
/// Both sessions end after `sessionLifetime`; the screen then offers to start again.
public enum MFAEnrollment {
    /// How long an enrolment session lasts (Firebase's, and FirebaseUI's `EnrollmentSession`).
    public static let sessionLifetime: TimeInterval = 10 * 60

    public enum Step: Hashable, Sendable {
        /// Choose the kind of factor.
        case choose
        /// The number to text and a name for it.
        case phoneNumber
        /// The code texted to the number.
        case textMessageCode(PhoneCodeSent)
        /// The authenticator app's secret to scan or type, then its code.
        case authenticatorApp(TOTPEnrollmentStarted)
        /// The session ran out before the code came.
        case expired
    }

    public enum Control: Hashable, Sendable {
        case factorType(SecondFactorType)
        /// "Get started", or "Start again" after the session expired.
        case startButton
        case countryButton
        case numberField
        case displayNameField
        case sendCodeButton
        case codeField
        case completeButton
        case resendButton
        /// Copies the authenticator key to the terminal's clipboard (OSC 52).
        case copyKeyButton
        /// Copies the `otpauth://` URI, which an authenticator app on this computer can take, to the clipboard.
        case copyURIButton
    }

    public struct State: FormFeature {
        public typealias Control = MFAEnrollment.Control

        /// The kinds the app allows, in FirebaseUI's order.
        public let allowed: [SecondFactorType]
        public var selection: SecondFactorType
        public var step = Step.choose
        /// Country and number, as on the phone sign-in screen.
        public var phone: EnterPhoneNumber.State
        public var displayName = TextInput()
        public var code = TextInput()
        /// The latest time the run loop reported while a resend countdown was shown.
        public var now: Date?
        /// Whether the terminal takes text for its clipboard (OSC 52).
        public let canCopy: Bool
        /// Whether the key or the URI was sent to the clipboard.
        public var copied = false
        public var focus: Control

        public init(allowed: [SecondFactorType], country: Country, canCopy: Bool = false) {
            self.allowed = allowed
            self.canCopy = canCopy
            selection = allowed.first ?? .totp
            phone = EnterPhoneNumber.State(country: country)
            focus = .factorType(selection)
        }

        public var controls: [Control] {
            switch step {
            case .choose: allowed.map(Control.factorType) + [.startButton]
            case .phoneNumber: [.countryButton, .numberField, .displayNameField, .sendCodeButton]
            case .textMessageCode: [.codeField, .completeButton, .resendButton]
            case .authenticatorApp:
                (canCopy ? [.copyKeyButton, .copyURIButton] : []) + [.displayNameField, .codeField, .completeButton]
            case .expired: [.startButton]
            }
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .factorType(let type): .toggle(isOn: type == selection)
            case .startButton, .countryButton, .copyKeyButton, .copyURIButton: .button(isEnabled: true)
            case .numberField, .displayNameField, .codeField: .textField(isSecure: false)
            case .sendCodeButton: .button(isEnabled: passes([.numberField, .displayNameField]))
            case .completeButton: .button(isEnabled: passes([.codeField, .displayNameField]))
            case .resendButton: .button(isEnabled: resendCountdown == 0)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .numberField: \.phone.number
            case .displayNameField: \.displayName
            case .codeField: \.code
            default: nil
            }
        }

        public func validation(for control: Control) -> [ValidationResult] {
            switch control {
            case .numberField: phone.validation(for: .numberField)
            case .codeField: [VerificationCode.rule(code)]
            // A phone needs a name to tell it from others (FirebaseUI's rule); an app's name is optional.
            case .displayNameField where step == .phoneNumber || isTextMessageCode:
                [ValidationResult(rule: .displayName, isSatisfied: !trimmedName.isEmpty)]
            default: []
            }
        }

        /// Codes are digits only, six at most.
        public mutating func didEdit(_ control: Control) {
            if control == .codeField { VerificationCode.keepDigits(&code) }
        }

        /// The name typed, without surrounding spaces.
        var trimmedName: String { displayName.text.trimmingWhitespace() }

        private var isTextMessageCode: Bool {
            if case .textMessageCode = step { true } else { false }
        }

        /// Whole seconds until the text message can be sent again; 0 when it can.
        public var resendCountdown: Int {
            guard case .textMessageCode(let sent) = step else { return 0 }
            return VerificationCode.countdown(sentAt: sent.sentAt, now: now)
        }

        /// When the session of the current step ends, if it has one.
        public var expiresAt: Date? {
            switch step {
            case .textMessageCode(let sent): sent.sentAt.addingTimeInterval(MFAEnrollment.sessionLifetime)
            case .authenticatorApp(let started): started.startedAt.addingTimeInterval(MFAEnrollment.sessionLifetime)
            case .choose, .phoneNumber, .expired: nil
            }
        }
    }

    public enum Delegate: Hashable, Sendable {
        case chooseCountry(current: Country)
        case start(SecondFactorType)
        case sendCode(phoneNumber: String)
        case enroll(MultiFactorAssertion, displayName: String?)
        case copy(String)
    }
}

/// An authenticator-app enrolment the backend started: the secret, and when, by the runner's clock.
public struct TOTPEnrollmentStarted: Hashable, Sendable {
    public var secret: TOTPSecret
    public var startedAt: Date

    public init(secret: TOTPSecret, startedAt: Date) {
        self.secret = secret
        self.startedAt = startedAt
    }
}

extension MFAEnrollment.State: FormReducer, CountryChoosing {
    /// Enter on a control; Enter in a field moves to the next field, then submits.
    public mutating func activate(_ control: Control) -> MFAEnrollment.Delegate? {
        switch control {
        case .factorType(let type):
            selection = type
            focus = .startButton
            return nil
        case .startButton:
            if selection == .sms {
                step = .phoneNumber
                focus = .numberField
                return nil
            }
            return .start(selection)
        case .countryButton:
            return .chooseCountry(current: phone.country)
        case .copyKeyButton:
            guard case .authenticatorApp(let started) = step else { return nil }
            copied = true
            return .copy(started.secret.sharedSecretKey)
        case .copyURIButton:
            guard case .authenticatorApp(let started) = step else { return nil }
            copied = true
            return .copy(started.secret.qrCodeURL)
        case .resendButton:
            guard case .textMessageCode(let sent) = step, resendCountdown == 0 else { return nil }
            return .sendCode(phoneNumber: sent.phoneNumber)
        case .numberField, .displayNameField, .codeField, .sendCodeButton, .completeButton:
            if text(of: control) != nil, !advance(from: control) { return nil }
            return submit()
        }
    }

    /// The step's form is complete: send the code, or enrol with it.
    private mutating func submit() -> MFAEnrollment.Delegate? {
        let name = trimmedName.isEmpty ? nil : trimmedName
        switch step {
        case .phoneNumber:
            guard let e164 = phone.e164, passes([.displayNameField]) else {
                revealValidation(of: [.numberField, .displayNameField])
                return nil
            }
            return .sendCode(phoneNumber: e164)
        case .textMessageCode(let sent):
            guard passes([.codeField]) else {
                revealValidation(of: [.codeField])
                return nil
            }
            return .enroll(.phone(verificationID: sent.verificationID, code: code.text), displayName: name)
        case .authenticatorApp(let started):
            guard passes([.codeField]) else {
                revealValidation(of: [.codeField])
                return nil
            }
            return .enroll(.totp(sessionInfo: started.secret.sessionInfo, code: code.text), displayName: name)
        case .choose, .expired:
            return nil
        }
    }

    /// The enrolment text message went out (again): its code can be typed.
    mutating func textMessageSent(_ sent: PhoneCodeSent) {
        step = .textMessageCode(sent)
        now = sent.sentAt
        code = TextInput()
        focus = .codeField
    }

    /// The authenticator app's secret arrived.
    mutating func authenticatorAppStarted(_ started: TOTPEnrollmentStarted) {
        step = .authenticatorApp(started)
        code = TextInput()
        copied = false
        focus = canCopy ? .copyKeyButton : .displayNameField
    }

    /// The run loop's clock: the resend countdown moves, and a session past its end is over. Returns false
    /// when nothing shown changes (an idle screen stays unchanged).
    public mutating func tick(_ date: Date) -> Bool {
        if let end = expiresAt, date >= end {
            sessionExpired()
            return true
        }
        guard resendCountdown > 0 else { return false }
        now = date
        return true
    }

    /// The session ended: only starting again is left.
    mutating func sessionExpired() {
        step = .expired
        code = TextInput()
        focus = .startButton
    }

    /// Enrolling failed: a wrong code is cleared for the next try; an ended session leaves only starting again.
    mutating func enrollmentFailed(_ code: AuthErrorCode) {
        switch code {
        case .invalidCode:
            self.code = TextInput()
            focus = .codeField
        case .sessionExpired, .invalidSessionInfo:
            sessionExpired()
        default:
            break
        }
    }
}


extension MFAEnrollment.State {
    public func asked(_ request: MFAEnrollment.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .chooseCountry(let current):
            navigator.present(CountryPicker.State(current: current, language: navigator.language))
            return []
        case .start:
            let user = navigator.currentUser
            let account = user?.email ?? user?.phoneNumber ?? user?.uid ?? ""
            return navigator.start(AuthCall.StartTOTPEnrollment(accountName: account))
        case .sendCode(let phoneNumber):
            return navigator.start(AuthCall.StartPhoneEnrollment(phoneNumber: phoneNumber))
        case .enroll(let assertion, let displayName):
            return navigator.start(AuthCall.EnrollSecondFactor(assertion, displayName: displayName))
        case .copy(let text):
            return [.copyToClipboard(text)]
        }
    }

    /// The code went out, the secret arrived, or the factor was enrolled (the screen closes and the list shows
    /// it); a refused code or an ended session changes the step.
    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? {
        if let sent = response.output(PhoneCodeSent.self) {
            textMessageSent(sent)
        } else if let started = response.output(TOTPEnrollmentStarted.self) {
            authenticatorAppStarted(started)
        } else if let factors = response.output([MultiFactorInfo].self) {
            navigator.remove(id)
            MFAManagement.factorsChanged(factors, in: &navigator)
        } else {
            if let error = response.failure, operation.call.base is AuthCall.EnrollSecondFactor {
                enrollmentFailed(error.code)
            }
            return nil
        }
        return []
    }

    public mutating func choose(_ country: Country) {
        phone.country = country
        focus = .numberField
    }

    /// The text message of the number being enrolled: its code completes the enrolment.
    public func canUse(_ message: OutboxMessage, in navigator: NavigatorState) -> Bool {
        if message.kind == .sms, case .textMessageCode(let sent) = step, sent.phoneNumber == message.recipient {
            return true
        }
        return navigator.canUseOnScreen(message)
    }

    public mutating func use(_ message: OutboxMessage, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard message.kind == .sms else { return navigator.useOnScreen(message) }
        fill(.codeField, with: message.code, then: .completeButton)
        return drive(.activated, in: &navigator, as: id)
    }
}
