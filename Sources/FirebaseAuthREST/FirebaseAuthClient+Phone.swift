import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// Sends an SMS code (`accounts:sendVerificationCode`); returns the `sessionInfo` as the verification id.
    ///
    /// A production project also wants an app-verification proof (reCAPTCHA, app attestation) that a terminal
    /// cannot produce: it answers OPERATION_NOT_ALLOWED (from MISSING_APP_CREDENTIAL, CAPTCHA_CHECK_FAILED, …).
    public func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        try await post("v1/accounts:sendVerificationCode", ["phoneNumber": .string(phoneNumber)],
                       as: SendVerificationCodeResponse.self).sessionInfo
    }
}
