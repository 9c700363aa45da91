import AuthCore
import FoundationEssentials

extension LocalAuthClient: IDTokenSource {
    /// How long before its expiry a kept ID token is replaced, as the Firebase client refreshes it.
    static let idTokenRefreshMargin: TimeInterval = 5 * 60

    /// The session's ID token, as `fauth-tui emulator` on the same store mints it (same claims and key), so the
    /// emulator accepts it. The store keeps it with its session, so every process on the store gets the same
    /// token until it expires within five minutes, is revoked (`validSince`) or `forceRefresh` asks for a new
    /// one. USER_NOT_FOUND when signed out or the account is gone, USER_DISABLED when it is disabled.
    public func idToken(forceRefresh: Bool) async throws(AuthError) -> String {
        try await perform { () throws(AuthError) -> String in
            try self.currentIDToken(forceRefresh: forceRefresh).token
        }
    }

    /// The kept ID token while it is still good (see `idToken(forceRefresh:)`), else a new one, kept while the
    /// store's session is still this client's; with its claims.
    func currentIDToken(forceRefresh: Bool) throws(AuthError) -> (token: String, claims: VerifiedClaims) {
        let session = try requireSession()
        let codec = IDToken(projectID: projectID, key: try engine.idTokenSigningKey())
        let now = engine.clock()
        return try engine.write { store throws(AuthError) -> (token: String, claims: VerifiedClaims) in
            guard let record = try store.account(uid: session.uid) else { throw AuthError(.userNotFound) }
            guard !record.isDisabled else { throw AuthError(.userDisabled) }
            let stored = try store.session()
            let isStoreSession = stored?.account.uid == session.uid
            if !forceRefresh, isStoreSession, let kept = stored?.idToken,
               let claims = try? codec.verify(kept, now: now.addingTimeInterval(Self.idTokenRefreshMargin)),
               !claims.isRevoked(validSince: record.validSince) {
                return (kept, claims)
            }
            let account = try LocalAuthEngine.report(record, in: store)
            // Never issued before the sign-in or the account's `validSince`, as the emulator issues them.
            let token = try codec.mint(for: account, provider: session.signInProvider, authTime: session.authTime,
                                       now: max(now, session.authTime, account.validSince ?? now),
                                       secondFactor: session.secondFactorClaim)
            if isStoreSession { try store.setSessionIDToken(token, uid: session.uid) }
            return (token, try codec.verify(token, now: now))
        }
    }
}
