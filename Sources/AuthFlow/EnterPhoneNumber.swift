import FoundationEssentials
import AuthCore

/// FirebaseUI's `EnterPhoneNumberView`: country, number, "Send code".
public enum EnterPhoneNumber {
    public enum Control: Hashable, Sendable {
        case countryButton
        case numberField
        case sendCodeButton
    }

    public struct State: FormFeature {
        public typealias Control = EnterPhoneNumber.Control

        public var country: Country
        public var number = TextInput()
        public var focus = Control.numberField
        /// The code screen of each number a code was sent to while its resend countdown runs: "Send code" for that
        /// number shows it again instead of sending another (the countdown belongs to the number).
        public var pendingCodes: [String: VerificationCode.State] = [:]

        public init(country: Country) {
            self.country = country
        }

        /// The number in E.164 form, or nil while it is not a valid number.
        public var e164: String? { PhoneNumber.normalize(number.text, country: country) }

        public var controls: [Control] { [.countryButton, .numberField, .sendCodeButton] }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .countryButton: .button(isEnabled: true)
            case .numberField: .textField(isSecure: false)
            case .sendCodeButton: .button(isEnabled: e164 != nil)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .numberField ? \.number : nil
        }

        public func validation(for control: Control) -> [ValidationResult] {
            control == .numberField ? [ValidationResult(rule: .phoneNumber, isSatisfied: e164 != nil)] : []
        }
    }

    public enum Delegate: Hashable, Sendable {
        case chooseCountry(current: Country)
        case sendCode(phoneNumber: String)
    }
}

extension EnterPhoneNumber.State: FormReducer, CountryChoosing {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> EnterPhoneNumber.Delegate? {
        switch control {
        case .countryButton:
            return .chooseCountry(current: country)
        case .numberField, .sendCodeButton:
            guard let e164 else {
                revealValidation(of: [.numberField])
                return nil
            }
            return .sendCode(phoneNumber: e164)
        }
    }
}

extension EnterPhoneNumber.State {
    public func asked(_ request: EnterPhoneNumber.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .chooseCountry(let current):
            navigator.present(CountryPicker.State(current: current, language: navigator.language))
            return []
        case .sendCode(let phoneNumber):
            // A code sent to this number moments ago is still on its way: wait for it rather than send another.
            if let pending = pendingCodes[phoneNumber] {
                navigator.push(pending)
                return []
            }
            return navigator.start(AuthCall.VerifyPhoneNumber(phoneNumber: phoneNumber))
        }
    }

    /// The code went out: the code screen shows, and is kept for its number.
    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? {
        guard let sent = response.output(PhoneCodeSent.self) else { return nil }
        let screen = VerificationCode.State(sent)
        pendingCodes[sent.phoneNumber] = screen
        navigator.push(screen)
        return []
    }

    /// A number's pending code is forgotten once it can be resent.
    public mutating func tick(_ date: Date) -> Bool {
        guard !pendingCodes.isEmpty else { return false }
        for (number, var pending) in pendingCodes {
            pending.now = date
            pendingCodes[number] = pending.resendCountdown > 0 ? pending : nil
        }
        return true
    }

    public mutating func choose(_ country: Country) {
        self.country = country
        focus = .numberField
    }
}
