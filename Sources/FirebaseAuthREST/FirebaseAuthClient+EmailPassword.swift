import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// Creates an email/password account (`accounts:signUp`, with a solved reCAPTCHA Enterprise token's fields)
    /// and signs in to it.
    public func createUser(email: String, password: String, recaptchaToken: String?) async throws(AuthError)
        -> SignInOutcome {
        // v1 accounts:signUp always answers with tokens; its schema has no returnSecureToken.
        let body: [String: RequestValue] = ["email": .string(email), "password": .string(password)]
        let recaptcha = try passwordRecaptchaFields(for: .signUpPassword, token: recaptchaToken)
        let response = try await post("v1/accounts:signUp", .object(body.merging(recaptcha) { $1 }),
                                      as: SignInResponse.self)
        return try await outcome(of: response, credential: nil)
    }

    /// Signs in with email and password (`accounts:signInWithPassword`, with a solved reCAPTCHA Enterprise
    /// token's fields); may ask for a second factor.
    public func signIn(email: String, password: String, recaptchaToken: String?) async throws(AuthError)
        -> SignInOutcome {
        try await signIn(with: .emailPassword(email: email, password: password), recaptchaToken: recaptchaToken)
    }

    /// Emails a password-reset link (`accounts:sendOobCode`, PASSWORD_RESET, with a solved reCAPTCHA Enterprise
    /// token's fields).
    public func sendPasswordReset(email: String, recaptchaToken: String?) async throws(AuthError) {
        let body: [String: RequestValue] = ["requestType": "PASSWORD_RESET", "email": .string(email)]
        let recaptcha = try passwordRecaptchaFields(for: .getOobCode, token: recaptchaToken)
        try await post("v1/accounts:sendOobCode", .object(body.merging(recaptcha) { $1 }))
    }

    /// Checks a reset code without using it (`accounts:resetPassword` with only the code); returns its email.
    ///
    /// Errors: the server's, and INVALID_OOB_CODE for a code that is not a password reset.
    public func verifyPasswordResetCode(_ code: String) async throws(AuthError) -> String {
        let response = try await post("v1/accounts:resetPassword", ["oobCode": .string(code)],
                                      as: ResetPasswordResponse.self)
        guard response.requestType == nil || response.requestType == "PASSWORD_RESET", let email = response.email
        else {
            throw AuthError(.invalidOobCode, detail: "resetPassword: not a password-reset code")
        }
        return email
    }

    /// Sets a new password with a reset code (`accounts:resetPassword`); the person then signs in again.
    public func confirmPasswordReset(code: String, newPassword: String) async throws(AuthError) {
        try await post("v1/accounts:resetPassword", ["oobCode": .string(code), "newPassword": .string(newPassword)])
    }

    /// Sets a new password for the signed-in user (`accounts:update`); the new tokens replace the old ones,
    /// which the server revokes.
    public func updatePassword(_ newPassword: String) async throws(AuthError) {
        let response = try await withIDToken { (idToken) throws(AuthError) -> SignInResponse in
            let body: RequestValue = [
                "idToken": .string(idToken), "password": .string(newPassword), "returnSecureToken": true,
            ]
            return try await post("v1/accounts:update", body, as: SignInResponse.self)
        }
        _ = try await adopt(response)
    }

    /// Emails the signed-in user a verification link (`accounts:sendOobCode`, VERIFY_EMAIL).
    public func sendEmailVerification() async throws(AuthError) {
        try await withIDToken { (idToken) throws(AuthError) in
            try await post("v1/accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": .string(idToken)])
        }
    }
}
