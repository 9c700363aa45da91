import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// Sends an SMS code (`accounts:sendVerificationCode`), with `recaptchaToken` when a challenge was solved;
    /// returns the `sessionInfo` as the verification id.
    ///
    /// A project that requires app verification answers MISSING_RECAPTCHA_TOKEN without a token, and
    /// CAPTCHA_CHECK_FAILED for a refused one.
    public func verifyPhoneNumber(_ phoneNumber: String, recaptchaToken: String?) async throws(AuthError) -> String {
        try await post("v1/accounts:sendVerificationCode",
                       try phoneFields(["phoneNumber": .string(phoneNumber)], recaptchaToken: recaptchaToken,
                                       for: .sendVerificationCode),
                       as: SendVerificationCodeResponse.self).sessionInfo
    }
}
