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
        public var unavailableProviderIDs: [ProviderID]
        public var focus = Control.option(0)

        public init(email: String, options: [LegacySignInOption], unavailableProviderIDs: [ProviderID]) {
            self.email = email
            self.options = options
            self.unavailableProviderIDs = unavailableProviderIDs
            normalizeFocus()
        }

        public var controls: [Control] { options.indices.map(Control.option) + [.cancelButton] }
        public func kind(of control: Control) -> ControlKind { .button(isEnabled: true) }
        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }
    }

    public enum Delegate: Hashable, Sendable {
        case chosen(LegacySignInOption, email: String)
        case cancel
    }
}

extension LegacyRecoverySheet.State: FormReducer {
    /// Enter on a control.
    public func activate(_ control: Control) -> LegacyRecoverySheet.Delegate? {
        switch control {
        case .option(let index): options.indices.contains(index) ? .chosen(options[index], email: email) : nil
        case .cancelButton: .cancel
        }
    }
}

extension LegacyRecoverySheet.State {
    /// Esc closes the sheet when the configuration lets it.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        input == .backRequested ? navigator.dismissSheet(id) : drive(input, in: &navigator, as: id)
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        formBindings(in: navigator) + KeyBinding.sheetDismissal(in: navigator)
    }

    /// A choice goes to that method on the picker, with the email filled in.
    public func asked(_ request: LegacyRecoverySheet.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        navigator.remove(id)
        guard case .chosen(let option, let email) = request else { return [] }
        navigator.path.removeAll()
        var picker = navigator.newPicker(email: email)
        switch option {
        case .emailPassword:
            picker.focus = .passwordField
            navigator.root = .picker(picker)
        case .emailLink:
            navigator.root = .picker(picker)
            navigator.push(EmailLink.State(email: email))
        case .phone:
            navigator.root = .picker(picker)
            navigator.push(EnterPhoneNumber.State(country: navigator.defaultCountry))
        case .identityProvider(let button):
            navigator.root = .picker(picker)
            return IdentityProviderHandoff.begin(button, for: .signIn, email: email, in: &navigator)
        }
        return []
    }
}

extension LegacyRecoverySheet {
    /// FirebaseUI's `tryPresentLegacySignInRecovery`: offer the enabled methods the email used before.
    static func offer(_ methods: [String], after lookUp: AuthCall.FetchSignInMethods,
                      in navigator: inout NavigatorState) -> [NavigatorEffect] {
        var options: [LegacySignInOption] = []
        var unavailable: [ProviderID] = []
        for method in methods.map(ProviderID.init(rawValue:)) where method != lookUp.attemptedProviderID {
            if let option = option(for: method, in: navigator) {
                if !options.contains(option) { options.append(option) }
            } else {
                unavailable.append(method)
            }
        }
        guard !options.isEmpty else {
            navigator.present(AlertPresentation(.error(lookUp.failure, during: .signingIn)))
            return []
        }
        navigator.present(State(email: lookUp.email, options: options, unavailableProviderIDs: unavailable))
        return []
    }

    private static func option(for method: ProviderID, in navigator: NavigatorState) -> LegacySignInOption? {
        switch method {
        case .password: navigator.providers.contains(.email) ? .emailPassword : nil
        case .emailLink: navigator.providers.contains(.emailLink) ? .emailLink : nil
        case .phone: navigator.providers.contains(.phone) ? .phone : nil
        default: navigator.identityProviderButton(method).map(LegacySignInOption.identityProvider)
        }
    }
}
