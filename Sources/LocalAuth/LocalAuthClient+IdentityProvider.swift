import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// Signs in with an identity-provider credential; see `LocalAuthEngine.signIn(identity:)`.
    ///
    /// Errors: ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL with conflict info, OPERATION_NOT_ALLOWED (not a
    /// simulated credential), INVALID_EMAIL, USER_DISABLED.
    func signIn(identity credential: IdentityProviderCredential) async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            self.adopt(try self.engine.signIn(identity: credential, binding: try self.binding()))
        }
    }

    /// Links an identity to the signed-in account, keeping its uid; an account without an email or name takes
    /// the profile's.
    ///
    /// Errors: CREDENTIAL_ALREADY_IN_USE (linked to another account) and EMAIL_EXISTS (the profile email is
    /// another account's), both with conflict info; OPERATION_NOT_ALLOWED (the provider is linked already, or
    /// not a simulated credential); USER_NOT_FOUND (signed out).
    func linkIdentity(_ credential: IdentityProviderCredential) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            let identity = try FederatedIdentity(credential)
            let linked = try self.engine.linkIdentity(uid: try self.sessionUID(), credential,
                                                      binding: try self.binding())
            self.renewSession(signInProvider: identity.providerID)
            return linked.user
        }
    }

    /// The local backend has no identity provider to send a browser to: its simulated sheet stands in.
    public func createAuthURI(_ request: AuthURIRequest) async throws(AuthError) -> AuthURI {
        throw AuthError(.operationNotAllowed,
                        detail: "the local backend signs in with providers through its simulated sheet")
    }
}
