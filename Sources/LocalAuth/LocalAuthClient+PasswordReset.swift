import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// "Emails" a password-reset link to the account's outbox.
    ///
    /// Succeeds for any well-formed email, account or not, so it never reveals which emails are registered;
    /// only an existing account gets a message. The code inside expires after one hour and works once. No
    /// reCAPTCHA token is read.
    public func sendPasswordReset(email: String, recaptchaToken _: String?) async throws(AuthError) {
        try await perform { () throws(AuthError) in _ = try self.engine.sendPasswordReset(email: email) }
    }

    /// The email a reset code belongs to, without using the code up.
    public func verifyPasswordResetCode(_ code: String) async throws(AuthError) -> String {
        try await perform { () throws(AuthError) -> String in try self.engine.passwordResetEmail(code: code) }
    }

    /// Sets a new password with a reset code, uses the code up and marks the email verified.
    ///
    /// Errors: MISSING_OOB_CODE, INVALID_OOB_CODE (unknown or already used), EXPIRED_OOB_CODE,
    /// MISSING_PASSWORD, WEAK_PASSWORD, USER_DISABLED.
    public func confirmPasswordReset(code: String, newPassword: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            _ = try self.engine.resetPassword(code: code, newPassword: newPassword)
        }
    }

    /// Every message sent so far, oldest first.
    public func messages() async throws(AuthError) -> [OutboxMessage] {
        try await perform { () throws(AuthError) -> [OutboxMessage] in try self.engine.messages() }
    }
}
