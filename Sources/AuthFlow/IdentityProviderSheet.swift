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
        /// Whether the identity signs in, is linked to the signed-in account, or proves again who is signed in.
        public let use: IdentityProviderUse

        public init(button: IdentityProviderButton, email: String = "", use: IdentityProviderUse) {
            self.button = button
            self.email = TextInput(email)
            self.use = use
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

    public enum Delegate: Hashable, Sendable {
        case signIn(AuthCredential)
        case cancel
    }
}

extension IdentityProviderSheet.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> IdentityProviderSheet.Delegate? {
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

extension IdentityProviderSheet.State {
    /// Esc closes the sheet when the configuration lets it; the inbox and Ctrl-R do nothing here.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        input == .backRequested ? navigator.dismissSheet(id) : drive(input, in: &navigator, as: id)
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        formBindings(in: navigator) + KeyBinding.sheetDismissal(in: navigator)
    }

    /// The sheet signs in, links to the signed-in account, or proves again who is signed in; only a proof keeps it
    /// open while it is checked, so a refused one can be corrected.
    public func asked(_ request: IdentityProviderSheet.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch (request, use) {
        case (.signIn(let credential), .reauthenticate):
            return IdentityProviderHandoff.answered(credential, for: use, prover: id, in: &navigator)
        case (.signIn(let credential), .signIn), (.signIn(let credential), .link):
            navigator.remove(id)
            return IdentityProviderHandoff.answered(credential, for: use, prover: id, in: &navigator)
        case (.cancel, .reauthenticate):
            return Reauthentication.cancel(id, in: &navigator)
        case (.cancel, .signIn), (.cancel, .link):
            navigator.remove(id)
            return []
        }
    }
}

extension KeyBinding {
    /// Esc closes a sheet only when the configuration lets it (`interactiveDismissEnabled`).
    static func sheetDismissal(in navigator: NavigatorState) -> [KeyBinding] {
        navigator.configuration.interactiveDismissEnabled ? [.escape(.back)] : []
    }
}
