import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// Creates an email/password account and signs in to it.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL, MISSING_PASSWORD, WEAK_PASSWORD, EMAIL_EXISTS (any letter case).
    /// The local backend asks for no reCAPTCHA: a token is not read.
    public func createUser(email: String, password: String, recaptchaToken _: String?) async throws(AuthError)
        -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            self.adopt(.signedIn(try self.engine.createAccount(email: email, password: password,
                                                               binding: try self.binding())))
        }
    }

    /// Signs in with email and password.
    ///
    /// An unknown email and a wrong password both give INVALID_LOGIN_CREDENTIALS (and take as long), so the
    /// answer never tells whether an account exists. Five failures for one email within 15 minutes give
    /// TOO_MANY_ATTEMPTS_TRY_LATER until the oldest ages out; a success clears them. No reCAPTCHA token is read.
    public func signIn(email: String, password: String, recaptchaToken _: String?) async throws(AuthError)
        -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            self.adopt(try self.engine.signIn(email: email, password: password, binding: try self.binding()))
        }
    }

    /// Sets a new password for the signed-in email/password account.
    ///
    /// Errors: MISSING_PASSWORD, WEAK_PASSWORD, USER_NOT_FOUND (signed out), OPERATION_NOT_ALLOWED (no email).
    public func updatePassword(_ newPassword: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            try Credentials.requireStrongPassword(newPassword)
            _ = try self.engine.updatePassword(uid: try self.sessionUID(), newPassword: newPassword,
                                               binding: try self.binding())
        }
    }

    /// The sign-in methods of the account with this email, in the order they were linked: `password`,
    /// `emailLink` and identity-provider ids such as `google.com` (never `phone`); none for an unknown email.
    public func fetchSignInMethods(email: String) async throws(AuthError) -> [String] {
        try await perform { () throws(AuthError) -> [String] in try self.engine.signInMethods(email: email) }
    }

    /// Adds an email and password to the signed-in account, keeping its uid.
    ///
    /// Errors: the sign-up validation errors, USER_NOT_FOUND (signed out), EMAIL_EXISTS with conflict info
    /// (another account has the email), OPERATION_NOT_ALLOWED (a password is linked already, or the account
    /// has a different email).
    func linkPassword(email: String, password: String) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            _ = try Credentials.emailKey(email)
            try Credentials.requireStrongPassword(password)
            let linked = try self.engine.linkPassword(uid: try self.sessionUID(), email: email, password: password,
                                                      binding: try self.binding())
            self.renewSession(signInProvider: ProviderID.password.rawValue)
            return linked.user
        }
    }
}
