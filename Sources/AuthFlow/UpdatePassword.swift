import AuthCore

/// FirebaseUI's `UpdatePasswordView`: a new password typed twice, with sign-up's rules and messages.
///
/// The same form links email and password to an account that has neither password nor, perhaps, an email:
/// then it asks for the email too.
public enum UpdatePassword {
    public enum Control: Hashable, Sendable {
        case emailField
        case newPasswordField
        case confirmPasswordField
        case submitButton
    }

    public struct State: FormFeature {
        public typealias Control = UpdatePassword.Control

        /// Whether the form links email and password instead of changing the password.
        public let isLinking: Bool
        public var email: TextInput
        public var newPassword = TextInput()
        public var confirmPassword = TextInput()
        public var focus: Control

        /// `linkingEmail` is nil to change the password, else the email to link (possibly empty, to be typed).
        public init(linkingEmail: String?) {
            isLinking = linkingEmail != nil
            email = TextInput(linkingEmail ?? "")
            focus = isLinking && email.text.isEmpty ? .emailField : .newPasswordField
        }

        public var controls: [Control] {
            (isLinking ? [.emailField] : []) + [.newPasswordField, .confirmPasswordField, .submitButton]
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .emailField: .textField(isSecure: false)
            case .newPasswordField, .confirmPasswordField: .textField(isSecure: true)
            case .submitButton: .button(isEnabled: isSubmitEnabled)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .emailField: \.email
            case .newPasswordField: \.newPassword
            case .confirmPasswordField: \.confirmPassword
            case .submitButton: nil
            }
        }

        public func validation(for control: Control) -> [ValidationResult] {
            switch control {
            case .emailField: [.email(email.text)]
            case .newPasswordField: [.passwordLength(newPassword.text)]
            case .confirmPasswordField: [.passwordsMatch(confirmPassword.text, newPassword.text)]
            case .submitButton: []
            }
        }

        /// The fields the form submits.
        var fields: [Control] { controls.filter { $0 != .submitButton } }

        /// Whether the button can submit.
        public var isSubmitEnabled: Bool { passes(fields) }
    }

    public enum Delegate: Hashable, Sendable {
        case updatePassword(String)
        case link(AuthCredential)
    }
}

extension UpdatePassword.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> UpdatePassword.Delegate? {
        guard control == .submitButton || advance(from: control) else { return nil }
        guard isSubmitEnabled else {
            revealValidation(of: fields)
            return nil
        }
        return isLinking ? .link(.emailPassword(email: email.text, password: newPassword.text))
            : .updatePassword(newPassword.text)
    }
}

extension UpdatePassword.State {
    public func asked(_ request: UpdatePassword.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .updatePassword(let password): navigator.start(AuthCall.UpdatePassword(password))
        case .link(let credential): navigator.start(AuthCall.LinkCredential(credential))
        }
    }

    /// FirebaseUI's "Password Updated", then back to the account; or the email and password were linked.
    public func receive(_ response: OperationResponse, to operation: Operation, in navigator: inout NavigatorState,
                        as id: ElementID) -> [NavigatorEffect]? {
        guard operation.call.base is AuthCall.UpdatePassword, let user = response.output(User.self) else {
            return navigator.signInAnswered(response, of: operation)
        }
        navigator.showAccount(user)
        navigator.present(AlertPresentation(.passwordUpdated, then: .returnToAccount))
        return []
    }
}
