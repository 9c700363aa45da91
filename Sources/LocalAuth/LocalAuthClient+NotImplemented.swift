import AuthCore

/// Operations the local backend does not offer yet: each throws NOT_IMPLEMENTED naming itself.
extension LocalAuthClient {
    /// The local backend has no identity provider to send a browser to: its simulated sheet stands in.
    public func createAuthURI(_ request: AuthURIRequest) async throws(AuthError) -> AuthURI {
        throw AuthError(.operationNotAllowed, detail: "the local backend signs in with providers through its simulated sheet")
    }

    /// Not implemented yet.
    public func sendEmailVerification() async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "sendEmailVerification")
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

extension LocalAuthClient {
    /// Not implemented yet.
    public func unlink(providerID: String) async throws(AuthError) -> User {
        throw AuthError(.notImplemented, detail: "unlink")
    }

    /// Not implemented yet.
    public func reload() async throws(AuthError) -> User {
        throw AuthError(.notImplemented, detail: "reload")
    }

    /// Not implemented yet.
    public func applyActionCode(_ code: String) async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "applyActionCode")
    }
}
