import AuthCore

/// A way to sign in that an email was used with before.
public enum LegacySignInOption: Hashable, Sendable {
    case emailPassword
    case emailLink
    case phone
    case identityProvider(IdentityProviderButton)
}

/// FirebaseUI's `LegacySignInRecoveryView`: methods this app offers that the email used before.
public enum LegacyRecoverySheet {
    public enum Control: Hashable, Sendable {
        case option(Int)
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = LegacyRecoverySheet.Control

        public var email: String
        public var options: [LegacySignInOption]
        /// Provider ids the email used that this app does not enable.
        public var unavailableProviderIDs: [String]
        public var focus = Control.option(0)

        public init(email: String, options: [LegacySignInOption], unavailableProviderIDs: [String]) {
            self.email = email
            self.options = options
            self.unavailableProviderIDs = unavailableProviderIDs
            normalizeFocus()
        }

        public var controls: [Control] { options.indices.map(Control.option) + [.cancelButton] }
        public func kind(of control: Control) -> ControlKind { .button(isEnabled: true) }
        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }
    }

    enum Delegate: Hashable {
        case chosen(LegacySignInOption, email: String)
        case cancel
    }
}

extension LegacyRecoverySheet.State {
    /// Enter on a control.
    func activate(_ control: Control) -> LegacyRecoverySheet.Delegate? {
        switch control {
        case .option(let index): options.indices.contains(index) ? .chosen(options[index], email: email) : nil
        case .cancelButton: .cancel
        }
    }
}
