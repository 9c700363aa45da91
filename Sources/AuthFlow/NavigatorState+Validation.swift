import Foundation
/// One rule of a field, shown under it once the field was edited.
public enum ValidationRule: Hashable, Sendable {
    case email
    case passwordLength
    case passwordsMatch
    case phoneNumber
    case verificationCode
}

extension ValidationRule {
    /// Whether a satisfied rule stays listed (with a ✓) under its field.
    public var showsWhenSatisfied: Bool { self == .passwordLength || self == .passwordsMatch }
}

/// A rule and whether the field currently satisfies it.
public struct ValidationResult: Hashable, Sendable {
    public var rule: ValidationRule
    public var isSatisfied: Bool
}

extension NavigatorState {
    /// The rules that apply to a field in the current flow (FirebaseUI checks length and match only in sign-up).
    public func validation(for control: Control) -> [ValidationResult] {
        switch control {
        case .emailField:
            return [ValidationResult(rule: .email, isSatisfied: FormValidators.isValidEmail(picker.email.text))]
        case .passwordField where authenticationFlow == .signUp:
            return [ValidationResult(rule: .passwordLength,
                                     isSatisfied: FormValidators.isLongEnough(picker.password.text))]
        case .confirmPasswordField:
            return [ValidationResult(rule: .passwordsMatch,
                                     isSatisfied: picker.confirmPassword.text == picker.password.text)]
        case .recoveryEmailField, .emailLinkEmailField, .identityProviderEmailField:
            let text = input(for: control)?.text ?? ""
            return [ValidationResult(rule: .email, isSatisfied: FormValidators.isValidEmail(text))]
        case .phoneNumberField:
            return [ValidationResult(rule: .phoneNumber, isSatisfied: phone.e164 != nil)]
        case .verificationCodeField:
            return [ValidationResult(rule: .verificationCode, isSatisfied: isVerificationCodeComplete)]
        case .newPasswordField:
            return [ValidationResult(rule: .passwordLength,
                                     isSatisfied: FormValidators.isLongEnough(passwordRecovery.newPassword.text))]
        case .confirmNewPasswordField:
            let form = passwordRecovery
            return [ValidationResult(rule: .passwordsMatch, isSatisfied: form.confirmNewPassword.text == form.newPassword.text)]
        default:
            return []
        }
    }

    /// The messages to draw under a field: none until it was edited, then failing rules, plus the password
    /// rules once satisfied (a ✓ there tells the person the new password is acceptable).
    public func visibleValidation(for control: Control) -> [ValidationResult] {
        guard input(for: control)?.hasBeenEdited == true else { return [] }
        return validation(for: control).filter { !$0.isSatisfied || $0.rule.showsWhenSatisfied }
    }

    /// Whether the picker's main button can submit.
    public var isPickerSubmitEnabled: Bool {
        let fields: [Control] = authenticationFlow == .signIn
            ? [.emailField] : [.emailField, .passwordField, .confirmPasswordField]
        let rulesPass = fields.allSatisfy { validation(for: $0).allSatisfy(\.isSatisfied) }
        return rulesPass && !picker.password.text.isEmpty
    }

    /// Whether "Send password recovery email" can submit.
    public var isRecoverySendEnabled: Bool { FormValidators.isValidEmail(passwordRecovery.email.text) }

    /// Whether "Send email sign-in link" can submit.
    public var isEmailLinkSendEnabled: Bool { FormValidators.isValidEmail(emailLink.email.text) }

    /// Whether the emailed link can be used to sign in.
    public var isEmailLinkSignInEnabled: Bool {
        FormValidators.isValidEmail(emailLink.email.text) && !emailLink.link.text.allSatisfy(\.isWhitespace)
    }

    /// Whether the simulated provider sheet can continue.
    public var isIdentityProviderContinueEnabled: Bool {
        identityProviderForm.map { FormValidators.isValidEmail($0.email.text) } ?? false
    }

    /// Whether the SMS code has all six digits.
    public var isVerificationCodeComplete: Bool { phone.code.text.count == Self.verificationCodeLength }

    /// Digits in an SMS code (FirebaseUI's boxes; FirebaseUI does not enforce it everywhere, we do).
    public static let verificationCodeLength = 6

    /// Seconds before "Resend code" works again.
    public static let resendDelay: TimeInterval = 30

    /// Whole seconds until a code can be resent; 0 when it can be resent now.
    public var resendCountdown: Int {
        guard let sentAt = phone.codeSentAt else { return 0 }
        let elapsed = (now ?? sentAt).timeIntervalSince(sentAt)
        return max(0, Int((Self.resendDelay - elapsed).rounded(.up)))
    }

    /// Whether the reset form can submit.
    public var isResetEnabled: Bool {
        !passwordRecovery.code.text.allSatisfy(\.isWhitespace)
            && [Control.newPasswordField, .confirmNewPasswordField].allSatisfy {
                validation(for: $0).allSatisfy(\.isSatisfied)
            }
    }
}
