/// Email and password: accounts, sign-in, password recovery and change, email verification.
public protocol EmailPasswordClient: Sendable {
    /// Creates an email/password account and signs in to it, with a solved reCAPTCHA Enterprise token when the
    /// project enforces it.
    func createUser(email: String, password: String, recaptchaToken: String?) async throws(AuthError) -> SignInOutcome
    /// Signs in, with a solved reCAPTCHA Enterprise token when the project enforces it.
    func signIn(email: String, password: String, recaptchaToken: String?) async throws(AuthError) -> SignInOutcome
    /// Emails a password-reset link, with a solved reCAPTCHA Enterprise token when the project enforces it.
    func sendPasswordReset(email: String, recaptchaToken: String?) async throws(AuthError)
    /// Checks a reset code without consuming it; returns the account's email.
    func verifyPasswordResetCode(_ code: String) async throws(AuthError) -> String
    func confirmPasswordReset(code: String, newPassword: String) async throws(AuthError)
    func updatePassword(_ newPassword: String) async throws(AuthError)
    func sendEmailVerification() async throws(AuthError)
}

extension EmailPasswordClient {
    /// Creates an email/password account without a reCAPTCHA token.
    public func createUser(email: String, password: String) async throws(AuthError) -> SignInOutcome {
        try await createUser(email: email, password: password, recaptchaToken: nil)
    }

    /// Signs in without a reCAPTCHA token.
    public func signIn(email: String, password: String) async throws(AuthError) -> SignInOutcome {
        try await signIn(email: email, password: password, recaptchaToken: nil)
    }

    /// Emails a password-reset link without a reCAPTCHA token.
    public func sendPasswordReset(email: String) async throws(AuthError) {
        try await sendPasswordReset(email: email, recaptchaToken: nil)
    }
}
