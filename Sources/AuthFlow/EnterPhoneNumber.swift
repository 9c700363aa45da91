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

    enum Delegate: Hashable {
        case chooseCountry(current: Country)
        case sendCode(phoneNumber: String)
    }
}

extension EnterPhoneNumber.State {
    /// Enter on a control.
    mutating func activate(_ control: Control) -> EnterPhoneNumber.Delegate? {
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
