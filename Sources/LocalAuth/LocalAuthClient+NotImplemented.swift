import AuthCore

/// Operations the local backend does not offer yet: each throws NOT_IMPLEMENTED naming itself.
extension LocalAuthClient {
    /// Not implemented yet.
    public func sendEmailVerification() async throws(AuthError) {
        throw AuthError(.notImplemented, detail: "sendEmailVerification")
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
