import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// What a credential's call is for; only phone sign-in tells the server (`operation`).
    enum CredentialUse {
        case signIn
        case link(idToken: String)
        case reauthenticate

        var isReauthentication: Bool {
            if case .reauthenticate = self { return true }
            return false
        }
    }

    /// Signs in with any kind of credential; each kind behaves like its own sign-in call.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        try await signIn(with: credential, recaptchaToken: nil)
    }

    /// Signs in with `credential`, sending a solved reCAPTCHA Enterprise token with a password.
    func signIn(with credential: AuthCredential, recaptchaToken: String?) async throws(AuthError) -> SignInOutcome {
        try await reportingConflicts(with: credential) { () throws(AuthError) -> SignInOutcome in
            try await outcome(of: try await send(credential, for: .signIn, recaptchaToken: recaptchaToken),
                              credential: credential)
        }
    }

    /// Links a credential to the signed-in user, keeping its uid (an anonymous user stops being anonymous).
    ///
    /// Errors: USER_NOT_FOUND (signed out), the credential's own errors, and on collisions EMAIL_EXISTS,
    /// PHONE_NUMBER_EXISTS or CREDENTIAL_ALREADY_IN_USE carrying `conflict` info.
    public func link(_ credential: AuthCredential) async throws(AuthError) -> User {
        try await reportingConflicts(with: credential) { () throws(AuthError) -> User in
            let response = try await withIDToken { (idToken) throws(AuthError) -> SignInResponse in
                try await send(credential, for: .link(idToken: idToken))
            }
            return try await signedInUser(of: response, credential: credential)
        }
    }

    /// Proves again that the signed-in person holds `credential`: the credential's sign-in call without the
    /// session's token, then its tokens replace the session's (a fresh `auth_time`) if it is the same user.
    ///
    /// Errors: USER_NOT_FOUND (signed out); the credential's sign-in errors; USER_MISMATCH when it belongs to
    /// someone else, or (an identity provider's, sent with `autoCreate: false`) to no account at all. An account
    /// with second factors answers `.mfaRequired`; `resolveSignIn` then completes the reauthentication.
    public func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        guard let uid = state.withLock({ $0.session?.user.uid }) else {
            throw AuthError(.userNotFound, detail: "signed out")
        }
        let response: SignInResponse
        do {
            response = try await send(credential, for: .reauthenticate)
        } catch where error.code == .userNotFound {
            throw AuthError(.userMismatch, detail: "reauthenticate: no account has this credential")
        }
        try rejectConflicts(in: response, credential: credential)
        guard response.localId == uid else {
            throw AuthError(.userMismatch, detail: "reauthenticate: the credential is another user's")
        }
        return try await outcome(of: response, credential: credential)
    }

    /// Signs in to a new anonymous account (`accounts:signUp` without credentials), or returns the current
    /// user when it is already anonymous.
    public func signInAnonymously() async throws(AuthError) -> SignInOutcome {
        if let user = state.withLock({ $0.session?.user }), user.isAnonymous { return .signedIn(user) }
        // v1 accounts:signUp always answers with tokens; its schema has no returnSecureToken.
        let response = try await post("v1/accounts:signUp", .object([:]), as: SignInResponse.self)
        return try await outcome(of: response, credential: nil)
    }

    /// Sign-in methods used with `email` (`accounts:createAuthUri`); empty under email-enumeration protection.
    public func fetchSignInMethods(email: String) async throws(AuthError) -> [String] {
        let body: RequestValue = ["identifier": .string(email), "continueUri": .string(Self.localRequestURI)]
        return try await post("v1/accounts:createAuthUri", body, as: CreateAuthURIResponse.self).signinMethods ?? []
    }

    /// Sends the call that signs in with, links or re-proves `credential`; a password goes with a solved
    /// reCAPTCHA Enterprise token's fields when there is one.
    func send(_ credential: AuthCredential, for use: CredentialUse, recaptchaToken: String? = nil)
        async throws(AuthError) -> SignInResponse {
        var idToken: String?
        if case .link(let token) = use { idToken = token }
        switch credential {
        case .emailPassword(let email, let password):
            var body: [String: RequestValue] = [
                "email": .string(email), "password": .string(password), "returnSecureToken": true,
            ]
            guard let idToken else {
                body.merge(try passwordRecaptchaFields(for: .signInWithPassword, token: recaptchaToken)) { $1 }
                return try await post("v1/accounts:signInWithPassword", .object(body), as: SignInResponse.self)
            }
            body["idToken"] = .string(idToken)
            body["returnSecureToken"] = nil
            body.merge(try passwordRecaptchaFields(for: .signUpPassword, token: recaptchaToken)) { $1 }
            return try await post("v1/accounts:signUp", .object(body), as: SignInResponse.self)
        case .emailLink(let email, let link):
            var body: [String: RequestValue] = [
                "email": .string(email), "oobCode": .string(OobCode.extract(from: link)),
            ]
            body["idToken"] = idToken.map(RequestValue.string)
            return try await post("v1/accounts:signInWithEmailLink", .object(body), as: SignInResponse.self)
        case .phone(let verificationID, let code):
            var body: [String: RequestValue] = ["sessionInfo": .string(verificationID), "code": .string(code)]
            body["idToken"] = idToken.map(RequestValue.string)
            if case .reauthenticate = use { body["operation"] = "REAUTH" }
            return try await post("v1/accounts:signInWithPhoneNumber", .object(body), as: SignInResponse.self)
        case .identityProvider(let identity):
            return try await signInWithIdp(identity, idToken: idToken, createsAccount: !use.isReauthentication)
        }
    }
}
