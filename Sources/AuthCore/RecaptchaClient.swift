/// The reCAPTCHA a project asks for before a protected request (texting a code; with reCAPTCHA Enterprise
/// enforced, also a password sign-in, sign-up or reset email).
public protocol RecaptchaClient: Sendable {
    /// The challenge to solve for `action`: the project's reCAPTCHA Enterprise key where it enforces Enterprise
    /// for the action's provider, else (phone only) its reCAPTCHA v2 site key.
    func recaptchaChallenge(for action: RecaptchaAction) async throws(AuthError) -> RecaptchaChallenge
}
