import AuthCore

/// A focusable control on the current screen; Tab moves between them in `NavigatorState.focusOrder`.
public enum Control: Hashable, Sendable {
    // Picker (inline email/password form)
    case emailField
    case passwordField
    case confirmPasswordField
    case submitButton
    case troubleSigningInLink
    case flowToggleLink
    case cancelButton
    /// A sign-in method's button below the form.
    case providerButton(AuthProvider)
    // Email link
    case emailLinkEmailField
    case sendEmailLinkButton
    case emailLinkField
    case emailLinkSignInButton
    // Phone
    case countryButton
    case phoneNumberField
    case sendCodeButton
    case verificationCodeField
    case verifyCodeButton
    case changeNumberLink
    case resendCodeButton
    // Sheets
    case countrySearchField
    case identityProviderEmailField
    case identityProviderNameField
    case identityProviderVerifiedToggle
    case identityProviderContinueButton
    case legacyOption(Int)
    case sheetCancelButton
    // Password recovery
    case recoveryEmailField
    case sendRecoveryEmailButton
    case haveResetCodeLink
    case resetCodeField
    case newPasswordField
    case confirmNewPasswordField
    case resetPasswordButton
    // Signed-in root
    case signOutButton

    /// Whether the control edits text.
    public var isTextField: Bool {
        switch self {
        case .emailField, .passwordField, .confirmPasswordField, .recoveryEmailField, .resetCodeField,
             .newPasswordField, .confirmNewPasswordField, .emailLinkEmailField, .emailLinkField,
             .identityProviderEmailField, .identityProviderNameField, .phoneNumberField, .verificationCodeField,
             .countrySearchField:
            true
        default:
            false
        }
    }

    /// Whether the control's text is a secret, masked unless revealed.
    public var isSecure: Bool {
        switch self {
        case .passwordField, .confirmPasswordField, .newPasswordField, .confirmNewPasswordField: true
        default: false
        }
    }
}
