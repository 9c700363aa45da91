/// FirebaseUI's `PasswordRecoveryView`, plus the second step where the reset is completed in the terminal.
public enum PasswordRecovery {
    /// Which half of the flow is shown.
    public enum Step: Hashable, Sendable {
        case requestEmail
        case enterCode
    }

    public enum Control: Hashable, Sendable {
        case emailField
        case sendButton
        case haveResetCodeLink
        case codeField
        case newPasswordField
        case confirmNewPasswordField
        case resetButton
    }

    public struct State: FormFeature {
        public typealias Control = PasswordRecovery.Control

        public var step = Step.requestEmail
        public var email: TextInput
        public var code = TextInput()
        public var newPassword = TextInput()
        public var confirmNewPassword = TextInput()
        public var focus = Control.emailField

        public init(email: String = "") {
            self.email = TextInput(email)
        }

        /// The reset form with the code (or link) from an email filled in.
        public init(email: String, code: String) {
            self.email = TextInput(email)
            self.code = TextInput(code)
            step = .enterCode
            focus = .newPasswordField
        }

        public var controls: [Control] {
            switch step {
            case .requestEmail: [.emailField, .sendButton, .haveResetCodeLink]
            case .enterCode: [.codeField, .newPasswordField, .confirmNewPasswordField, .resetButton]
            }
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .emailField, .codeField: .textField(isSecure: false)
            case .newPasswordField, .confirmNewPasswordField: .textField(isSecure: true)
            case .sendButton: .button(isEnabled: isSendEnabled)
            case .resetButton: .button(isEnabled: isResetEnabled)
            case .haveResetCodeLink: .link
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .emailField: \.email
            case .codeField: \.code
            case .newPasswordField: \.newPassword
            case .confirmNewPasswordField: \.confirmNewPassword
            default: nil
            }
        }

        public func validation(for control: Control) -> [ValidationResult] {
            switch control {
            case .emailField: [.email(email.text)]
            case .codeField: [ValidationResult(rule: .resetCode, isSatisfied: !code.text.allSatisfy(\.isWhitespace))]
            case .newPasswordField: [.passwordLength(newPassword.text)]
            case .confirmNewPasswordField: [.passwordsMatch(confirmNewPassword.text, newPassword.text)]
            default: []
            }
        }

        /// Whether "Send password recovery email" can submit.
        public var isSendEnabled: Bool { passes([.emailField]) }

        /// Whether the reset form can submit.
        public var isResetEnabled: Bool {
            passes([.codeField, .newPasswordField, .confirmNewPasswordField])
        }
    }

    public enum Delegate: Hashable, Sendable {
        case sendRecoveryEmail(email: String)
        case resetPassword(codeOrLink: String, newPassword: String)
    }
}

extension PasswordRecovery.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> PasswordRecovery.Delegate? {
        switch control {
        case .emailField, .sendButton:
            guard isSendEnabled else {
                revealValidation(of: [.emailField])
                return nil
            }
            return .sendRecoveryEmail(email: email.text)
        case .haveResetCodeLink:
            showResetForm()
            return nil
        case .codeField, .newPasswordField, .confirmNewPasswordField:
            return advance(from: control) ? activate(.resetButton) : nil
        case .resetButton:
            guard isResetEnabled else {
                revealValidation(of: [.codeField, .newPasswordField, .confirmNewPasswordField])
                return nil
            }
            return .resetPassword(codeOrLink: code.text, newPassword: newPassword.text)
        }
    }

    /// The second step, once the email went out or the person already has a code.
    mutating func showResetForm() {
        step = .enterCode
        focus = .codeField
    }
}

extension PasswordRecovery.State {
    public func asked(_ request: PasswordRecovery.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .sendRecoveryEmail(let email):
            navigator.start(AuthCall.SendPasswordRecoveryEmail(email: email))
        case .resetPassword(let codeOrLink, let newPassword):
            navigator.start(AuthCall.ResetPassword(codeOrLink: codeOrLink, newPassword: newPassword))
        }
    }

    /// "Check your email", then the reset form; "Password reset", then back to the picker to sign in.
    public func receive(_ response: OperationResponse, to operation: Operation, in navigator: inout NavigatorState,
                        as id: ElementID) -> [NavigatorEffect]? {
        guard let email = response.output(String.self) else { return nil }
        if operation.call.base is AuthCall.SendPasswordRecoveryEmail {
            navigator.present(AlertPresentation(.passwordRecoveryEmailSent(email: email), then: .showResetForm))
            return []
        }
        if operation.call.base is AuthCall.ResetPassword {
            navigator.present(AlertPresentation(.passwordResetComplete, then: .returnToSignIn(email: email)))
            return []
        }
        return nil
    }

    public mutating func perform(_ action: AlertAction, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard action == .showResetForm else { return navigator.perform(action, for: id) }
        showResetForm()
        return []
    }
}
