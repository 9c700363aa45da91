import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// The signed-in user. A session restored from the store is first checked with `accounts:lookup`
    /// (refreshing its token if needed) and forgotten when the server says it is dead (USER_NOT_FOUND,
    /// TOKEN_EXPIRED, INVALID_REFRESH_TOKEN, USER_DISABLED, INVALID_ID_TOKEN); later calls answer from memory.
    ///
    /// Errors: NETWORK_REQUEST_FAILED and others while checking; the session is then kept for a retry.
    public func currentUser() async throws(AuthError) -> User? {
        let (session, isValidated) = state.withLock { ($0.session, $0.isValidated) }
        guard let session else { return nil }
        if isValidated { return session.user }
        do throws(AuthError) {
            let user = try await withIDToken { (idToken) throws(AuthError) -> User in
                try await lookUpUser(idToken: idToken)
            }
            keep(user)
            return user
        } catch where Self.deadSessionCodes.contains(error.code) {
            return nil
        }
    }

    /// Nobody signed in, or a session already confirmed in this run, is known at once; a restored session is
    /// not, until `currentUser()` has checked it.
    public func sessionAtHand() -> SessionAtHand {
        let (session, isValidated) = state.withLock { ($0.session, $0.isValidated) }
        guard let session else { return .known(nil) }
        return isValidated ? .known(session.user) : .unconfirmed
    }

    /// Ends the session and deletes its file; Firebase has no server-side sign-out.
    ///
    /// Errors: STORAGE_FAILURE when the file cannot be deleted.
    public func signOut() async throws(AuthError) {
        try endSession()
    }

    /// The current ID token, refreshed first when it expires within five minutes.
    ///
    /// Errors: USER_NOT_FOUND (signed out), a refresh's errors.
    public func idToken() async throws(AuthError) -> String? {
        try await withIDToken { (idToken) throws(AuthError) -> String in idToken }
    }

    /// The current ID token's claims: `firebase.sign_in_provider`, `auth_time` and
    /// `firebase.sign_in_second_factor`, read without verifying the signature.
    ///
    /// Errors: USER_NOT_FOUND (signed out), a refresh's errors, INTERNAL_ERROR for an unreadable token.
    public func idTokenResult() async throws(AuthError) -> IDTokenResult {
        try await withIDToken { (idToken) throws(AuthError) -> IDTokenResult in
            try IDTokenClaims(jwt: idToken).result()
        }
    }
}
