import AuthCore

extension LocalAuthClient {
    /// Signs in with any kind of credential; each kind behaves like its own sign-in call.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        switch credential {
        case .emailPassword(let email, let password): try await signIn(email: email, password: password)
        case .emailLink(let email, let link): try await signIn(email: email, link: link)
        case .phone(let verificationID, let code): try await signIn(phoneVerificationID: verificationID, code: code)
        case .identityProvider(let identity): try await signIn(identity: identity)
        }
    }

    /// Links a credential to the signed-in user, keeping its uid; an anonymous user stops being anonymous and
    /// the session counts as signed in with the linked provider.
    ///
    /// Errors: USER_NOT_FOUND (signed out), the credential's own validation errors, and on collisions
    /// EMAIL_EXISTS, PHONE_NUMBER_EXISTS or CREDENTIAL_ALREADY_IN_USE carrying `conflict` info.
    public func link(_ credential: AuthCredential) async throws(AuthError) -> User {
        switch credential {
        case .emailPassword(let email, let password): try await linkPassword(email: email, password: password)
        case .emailLink(let email, let link): try await linkEmailLink(email: email, link: link)
        case .phone(let verificationID, let code): try await linkPhone(verificationID: verificationID, code: code)
        case .identityProvider(let identity): try await linkIdentity(identity)
        }
    }
}
