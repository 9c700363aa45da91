import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// "Emails" a sign-in link to any well-formed address, account or not; its code works once, for one hour,
    /// and only with the email it was sent to.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL.
    public func sendSignInLink(email: String, settings: ActionCodeSettings) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            _ = try self.engine.sendSignInLink(email: email, continueURL: settings.url)
        }
    }

    /// Whether `link` is an email sign-in link (`mode=signIn` with an `oobCode`), also inside a `link` parameter.
    public func isSignInLink(_ link: String) -> Bool {
        ActionLink.isSignIn(link)
    }

    /// Signs in with an emailed sign-in link (or its bare code): to the email's account, or to a new
    /// passwordless one; either way the email counts as verified.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL (malformed, or not the email the link was sent to), MISSING_OOB_CODE,
    /// INVALID_OOB_CODE (unknown or used), EXPIRED_OOB_CODE, USER_DISABLED.
    public func signIn(email: String, link: String) async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            self.adopt(try self.engine.signIn(email: email, link: link, binding: try self.binding()))
        }
    }

    /// Adds a sign-in link to the signed-in account, keeping its uid: the link's email becomes the account's,
    /// verified (replacing another, as on Firebase); the code is used up.
    ///
    /// Errors: those of `signIn(email:link:)`, USER_NOT_FOUND (signed out), EMAIL_EXISTS with conflict info
    /// (another account has the email; the link stays usable).
    func linkEmailLink(email: String, link: String) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            _ = try Credentials.emailKey(email)
            let linked = try self.engine.linkEmailLink(uid: try self.sessionUID(), email: email, link: link,
                                                       binding: try self.binding())
            self.renewSession(signInProvider: ProviderID.emailLink.signInProviderClaim.rawValue)
            return linked.user
        }
    }
}
