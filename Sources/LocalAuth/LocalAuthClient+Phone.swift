import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// "Texts" a 6-digit code to an E.164 number's outbox and returns the verification id to sign in with.
    ///
    /// Errors: INVALID_PHONE_NUMBER, TOO_MANY_ATTEMPTS_TRY_LATER (five messages to the number within an hour).
    /// The local backend asks for no reCAPTCHA: a token is not needed and not read.
    public func verifyPhoneNumber(_ phoneNumber: String, recaptchaToken: String?) async throws(AuthError) -> String {
        try await perform { () throws(AuthError) -> String in
            try self.engine.sendVerificationCode(phoneNumber: phoneNumber)
        }
    }

    /// OPERATION_NOT_ALLOWED: the local backend never asks for a reCAPTCHA.
    public func recaptchaChallenge(for action: RecaptchaAction) async throws(AuthError) -> RecaptchaChallenge {
        throw AuthError(.operationNotAllowed, detail: "the local backend asks for no reCAPTCHA")
    }

    /// Signs in to the account with the verified number, or to a new one.
    ///
    /// Errors: MISSING_CODE, INVALID_SESSION_INFO, INVALID_CODE, SESSION_EXPIRED (expired, used, or five wrong
    /// codes), USER_DISABLED.
    func signIn(phoneVerificationID: String, code: String) async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            self.adopt(try self.engine.signIn(phoneSessionInfo: phoneVerificationID, code: code,
                                              binding: try self.binding()))
        }
    }

    /// Adds the verified number to the signed-in account, keeping its uid.
    ///
    /// When the number is another account's: PHONE_NUMBER_EXISTS whose conflict credential is a fresh proof
    /// (a new verification id and code, valid for five minutes) that signs in to that account.
    /// Other errors: those of phone sign-in, USER_NOT_FOUND, OPERATION_NOT_ALLOWED (another number is linked).
    func linkPhone(verificationID: String, code: String) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            let linked = try self.engine.linkPhone(uid: try self.sessionUID(), sessionInfo: verificationID,
                                                   code: code, binding: try self.binding())
            self.renewSession(signInProvider: ProviderID.phone.rawValue)
            return linked.user
        }
    }
}
