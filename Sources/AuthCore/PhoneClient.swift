/// Phone numbers proven by a code sent by SMS.
public protocol PhoneClient: Sendable {
    /// Sends an SMS code, with the token of a solved reCAPTCHA when the project asked for one; returns the
    /// verification id.
    func verifyPhoneNumber(_ phoneNumber: String, recaptchaToken: String?) async throws(AuthError) -> String
}
