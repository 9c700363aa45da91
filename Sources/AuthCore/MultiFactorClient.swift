/// Second factors: enrolling and removing them, and finishing a sign-in with one.
public protocol MultiFactorClient: Sendable {
    func enrolledFactors() async throws(AuthError) -> [MultiFactorInfo]
    /// Sends an enrolment SMS, with a solved reCAPTCHA's token when the project asked for one; returns the
    /// verification id.
    func startPhoneEnrollment(phoneNumber: String, recaptchaToken: String?) async throws(AuthError) -> String
    func generateTOTPSecret(accountName: String, issuer: String) async throws(AuthError) -> TOTPSecret
    func enroll(_ assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError)
    func unenroll(factorUID: String) async throws(AuthError)
    /// Sends the sign-in SMS for a phone hint, with a solved reCAPTCHA's token when the project asked for one;
    /// returns the verification id.
    func startPhoneMFASignIn(_ required: MFARequired, hintUID: String, recaptchaToken: String?) async throws(AuthError)
        -> String
    func resolveSignIn(_ required: MFARequired, assertion: MultiFactorAssertion) async throws(AuthError) -> User
}
