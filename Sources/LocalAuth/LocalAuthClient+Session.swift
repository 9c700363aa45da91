import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// This client's signed-in account as the store has it now, if any; the store's session survives restarts
    /// until `signOut()`. An account deleted elsewhere ends the session.
    public func currentUser() async throws(AuthError) -> User? {
        try await perform { () throws(AuthError) -> User? in try self.sessionUser() }
    }

    /// Always known: the store is the whole truth, and a read of a store in WAL mode does not wait for writers.
    public func sessionAtHand() throws(AuthError) -> SessionAtHand {
        .known(try sessionUser())
    }

    private func sessionUser() throws(AuthError) -> User? {
        guard let session = try currentSession() else { return nil }
        guard let account = try engine.glance(fresh: nil, { store throws(AuthError) in
            try store.account(uid: session.uid)
        }) else {
            adopt(nil)
            return nil
        }
        return account.user
    }

    /// Ends this client's session, and the store's while it is still this account's (another process may have
    /// signed in since).
    public func signOut() async throws(AuthError) {
        try await perform { () throws(AuthError) in
            if let session = try self.currentSession() {
                try self.engine.withStore { store throws(AuthError) in try store.clearSession(uid: session.uid) }
            }
            self.adopt(nil)
        }
    }

    /// The session's ID token (see `idToken(forceRefresh:)`); USER_NOT_FOUND when signed out.
    public func idToken() async throws(AuthError) -> String? {
        try await idToken(forceRefresh: false)
    }

    /// How and when the current user last signed in interactively, with the second factor that sign-in proved
    /// and when the session's ID token expires; USER_NOT_FOUND when signed out.
    public func idTokenResult() async throws(AuthError) -> IDTokenResult {
        try await perform { () throws(AuthError) -> IDTokenResult in
            let session = try self.requireSession()
            let expiry = try self.currentIDToken(forceRefresh: false).claims.expiresAt
            return IDTokenResult(signInProvider: session.signInProvider, authTime: session.authTime,
                                 signInSecondFactor: session.secondFactor,
                                 expirationDate: Date(timeIntervalSince1970: TimeInterval(expiry)))
        }
    }
}
