/// What a reCAPTCHA protects: the request it is solved for, named as Firebase's SDKs name reCAPTCHA Enterprise
/// actions, and the provider whose enforcement the project sets for it (`getRecaptchaConfig`).
public enum RecaptchaAction: String, Sendable, Hashable, CaseIterable, Codable {
    case signInWithPassword
    case signUpPassword
    /// A password-reset email (`accounts:sendOobCode`).
    case getOobCode
    case sendVerificationCode
    case mfaSmsEnrollment
    case mfaSmsSignIn

    /// The provider whose enforcement state applies: email and password, or phone (SMS).
    public var provider: RecaptchaProvider {
        switch self {
        case .signInWithPassword, .signUpPassword, .getOobCode: .emailPassword
        case .sendVerificationCode, .mfaSmsEnrollment, .mfaSmsSignIn: .phone
        }
    }
}

/// The providers a project can protect with reCAPTCHA Enterprise (`recaptchaEnforcementState[].provider`).
public enum RecaptchaProvider: String, Sendable, Hashable, CaseIterable, Codable {
    case emailPassword = "EMAIL_PASSWORD_PROVIDER"
    case phone = "PHONE_PROVIDER"
}

/// How a project enforces reCAPTCHA Enterprise for a provider: OFF, AUDIT (assessed, never refused) or ENFORCE
/// (a request without a valid token is refused).
public enum RecaptchaEnforcement: String, Sendable, Hashable, CaseIterable, Codable {
    case off = "OFF"
    case audit = "AUDIT"
    case enforce = "ENFORCE"
}
