import AuthCore

/// FirebaseUI's `EmailReauthView`: the password again, for a call that needs a recent sign-in.
/// "Trouble signing in?" is not offered here: resetting the password is not proving who one is.
public enum PasswordReauthSheet {
    public enum Control: Hashable, Sendable {
        case passwordField
        case confirmButton
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = PasswordReauthSheet.Control

        public var email: String
        public var password = TextInput()
        public var focus = Control.passwordField
        /// The call that runs again once the password is right.
        public let refused: RefusedCall

        public init(email: String, refused: RefusedCall) {
            self.email = email
            self.refused = refused
        }

        public var controls: [Control] { [.passwordField, .confirmButton, .cancelButton] }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .passwordField: .textField(isSecure: true)
            case .confirmButton: .button(isEnabled: !password.text.isEmpty)
            case .cancelButton: .button(isEnabled: true)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .passwordField ? \.password : nil
        }
    }

    public typealias Delegate = ReauthenticationSheetRequest
}

extension PasswordReauthSheet.State: FormReducer {
    /// Enter on a control.
    public func activate(_ control: Control) -> PasswordReauthSheet.Delegate? {
        switch control {
        case .passwordField, .confirmButton:
            password.text.isEmpty ? nil : .reauthenticate(.emailPassword(email: email, password: password.text))
        case .cancelButton:
            .cancel
        }
    }
}

extension PasswordReauthSheet.State {
    /// Esc cancels; Ctrl-R shows the password.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch input {
        case .backRequested: Reauthentication.cancel(id, in: &navigator)
        case .passwordRevealToggled: navigator.reveal(self)
        case .edited, .focusMovedForward, .focusMovedBackward, .activated, .inboxToggled, .selectionMoved:
            drive(input, in: &navigator, as: id)
        }
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        formBindings(in: navigator) + [.escape(.back)]
    }

    public func asked(_ request: PasswordReauthSheet.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        Reauthentication.asked(request, by: id, for: refused, in: &navigator)
    }

    /// A refused password is of no further use: it is cleared for the next try.
    public mutating func credentialRejected(_ code: AuthErrorCode) {
        password = TextInput()
        focus = .passwordField
    }
}
