import AuthCore

/// Operations the local backend does not offer yet: each throws NOT_IMPLEMENTED naming itself.
extension LocalAuthClient {
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
