import AuthCore

extension LocalAuthClient {
    /// The signed-in account of this store, if any; survives restarts until `signOut()`.
    public func currentUser() async throws(AuthError) -> User? {
        try await perform { () throws(AuthError) -> User? in try self.storedUser() }
    }

    /// Always known: the store is the whole truth, and a read of a store in WAL mode does not wait for writers.
    public func sessionAtHand() throws(AuthError) -> SessionAtHand {
        .known(try storedUser())
    }

    private func storedUser() throws(AuthError) -> User? {
        try engine.glance(fresh: nil) { store throws(AuthError) in try store.session()?.account.user }
    }

    /// Forgets the store's session.
    public func signOut() async throws(AuthError) {
        try await perform { () throws(AuthError) in
            try self.engine.withStore { store throws(AuthError) in try store.clearSession() }
        }
    }

    /// None: the local backend issues no ID tokens (its session is a row of the store). USER_NOT_FOUND when
    /// signed out.
    public func idToken() async throws(AuthError) -> String? {
        try await perform { () throws(AuthError) -> String? in
            _ = try self.sessionUID()
            return nil
        }
    }

    /// How and when the current user last signed in interactively, with the second factor that sign-in proved;
    /// USER_NOT_FOUND when signed out.
    public func idTokenResult() async throws(AuthError) -> IDTokenResult {
        try await perform { () throws(AuthError) -> IDTokenResult in
            let session = try self.engine.withStore { store throws(AuthError) in try store.requireSession() }
            return IDTokenResult(signInProvider: session.signInProvider, authTime: session.authTime,
                                 signInSecondFactor: session.secondFactor)
        }
    }
}
