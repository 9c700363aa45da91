import AuthCore

/// The local backend's stand-in for an identity provider's sign-in page: who the provider will say the person is.
public enum IdentityProviderSheet {
    public enum Control: Hashable, Sendable {
        case emailField
        case nameField
        case emailVerifiedToggle
        case continueButton
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = IdentityProviderSheet.Control

        public var button: IdentityProviderButton
        public var email: TextInput
        public var displayName = TextInput()
        public var isEmailVerified = true
        public var focus = Control.emailField

        public init(button: IdentityProviderButton, email: String = "") {
            self.button = button
            self.email = TextInput(email)
        }

        public var controls: [Control] { [.emailField, .nameField, .emailVerifiedToggle, .continueButton, .cancelButton] }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .emailField, .nameField: .textField(isSecure: false)
            case .emailVerifiedToggle: .toggle(isOn: isEmailVerified)
            case .continueButton: .button(isEnabled: isContinueEnabled)
            case .cancelButton: .button(isEnabled: true)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .emailField: \.email
            case .nameField: \.displayName
            default: nil
            }
        }

        public func validation(for control: Control) -> [ValidationResult] {
            control == .emailField ? [.email(email.text)] : []
        }

        /// Whether Continue can sign in.
        public var isContinueEnabled: Bool { passes([.emailField]) }

        /// The credential the sheet vouches for; the subject is derived from the email so it is stable across runs.
        public var credential: AuthCredential {
            let address = email.text.lowercased()
            let profile = IdentityProviderProfile(subject: "simulated:\(address)", email: address,
                                                  displayName: displayName.text.isEmpty ? nil : displayName.text,
                                                  isEmailVerified: isEmailVerified)
            return .identityProvider(IdentityProviderCredential(providerID: button.providerID, simulatedProfile: profile))
        }
    }

    enum Delegate: Hashable {
        case signIn(AuthCredential)
        case cancel
    }
}

extension IdentityProviderSheet.State {
    /// Enter on a control.
    mutating func activate(_ control: Control) -> IdentityProviderSheet.Delegate? {
        switch control {
        case .emailField, .nameField:
            return advance(from: control) ? activate(.continueButton) : nil
        case .emailVerifiedToggle:
            isEmailVerified.toggle()
            return nil
        case .continueButton:
            guard isContinueEnabled else {
                revealValidation(of: [.emailField])
                return nil
            }
            return .signIn(credential)
        case .cancelButton:
            return .cancel
        }
    }
}
