import AuthCore

/// Operations the local backend does not offer yet: each throws NOT_IMPLEMENTED naming itself.
extension LocalAuthClient {
    /// Not implemented yet.
    public func sendEmailVerification() async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "sendEmailVerification")
    }

    /// Not implemented yet.
    public func sendSignInLink(email: String, settings: ActionCodeSettings) async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "sendSignInLink")
    }

    /// Always false: this backend sends no sign-in links, so no link can be one of its.
    public func isSignInLink(_ link: String) -> Bool {
        false
    }

    /// Not implemented yet.
    public func signIn(email: String, link: String) async throws(AuthError) -> SignInOutcome {
        throw AuthError(.notImplemented, detail: "signIn(email:link:)")
    }

    /// Not implemented yet.
    public func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        throw AuthError(.notImplemented, detail: "verifyPhoneNumber")
    }

    /// Email/password credentials sign in like `signIn(email:password:)`; other kinds are not implemented yet.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        guard case .emailPassword(let email, let password) = credential else {
            throw AuthError(.notImplemented, detail: "signIn(with: \(credential.providerID))")
        }
        return try await signIn(email: email, password: password)
    }

    /// Not implemented yet.
    public func reauthenticate(with credential: AuthCredential) async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "reauthenticate")
    }

    /// Not implemented yet.
    public func enrolledFactors() async throws(AuthError) -> [MultiFactorInfo] {
        throw AuthError(.notImplemented, detail: "enrolledFactors")
    }

    /// Not implemented yet.
    public func startPhoneEnrollment(phoneNumber: String) async throws(AuthError) -> String {
        throw AuthError(.notImplemented, detail: "startPhoneEnrollment")
    }

    /// Not implemented yet.
    public func generateTOTPSecret(accountName: String, issuer: String) async throws(AuthError) -> TOTPSecret {
        throw AuthError(.notImplemented, detail: "generateTOTPSecret")
    }

    /// Not implemented yet.
    public func enroll(_ assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "enroll")
    }

    /// Not implemented yet.
    public func unenroll(factorUID: String) async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "unenroll")
    }

    /// Not implemented yet.
    public func startPhoneMFASignIn(_ required: MFARequired, hintUID: String) async throws(AuthError) -> String {
        throw AuthError(.notImplemented, detail: "startPhoneMFASignIn")
    }

    /// Not implemented yet.
    public func resolveSignIn(_ required: MFARequired, assertion: MultiFactorAssertion)
        async throws(AuthError) -> User {
        throw AuthError(.notImplemented, detail: "resolveSignIn")
    }
}
