import AuthCore

extension LocalAuthClient {
    /// Signs in to a new anonymous account, or returns the current one when it is already anonymous.
    public func signInAnonymously() async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            self.adopt(.signedIn(try self.engine.createAnonymousAccount(binding: try self.binding())))
        }
    }
}
