import AuthCore
import FoundationEssentials

/// Whose sign-in an engine operation acts for, and what it keeps of a sign-in.
///
/// The session client binds its operations to its own session; the engine's public API acts either for an
/// administrator or for a user proving themselves with an ID token.
enum SessionBinding: Sendable, Equatable {
    /// An administrator acts: no recent sign-in is asked for, and no session is kept.
    case detached
    /// A local client acts for its own session (nil when signed out): operations on a uid first check that it is
    /// the session's, and sign-ins and links are also written as the store's session, which the next interface
    /// started on the store resumes.
    case client(ClientSession?)
    /// A user acts with an ID token whose last interactive sign-in was `authTime`; sign-ins get refresh tokens.
    case token(authTime: Date)

    /// Bound to a user's ID token when its `authTime` is known; otherwise an administrator's call.
    init(authTime: Date?) {
        self = authTime.map { .token(authTime: $0) } ?? .detached
    }

    /// The last interactive sign-in a sensitive change on `uid` is judged by; nil for an administrator.
    /// USER_NOT_FOUND when a client's session is not `uid`'s.
    func authTime(of uid: String) throws(AuthError) -> Date? {
        switch self {
        case .detached: return nil
        case .client(let session): return try Self.require(session, holds: uid).authTime
        case .token(let authTime): return authTime
        }
    }

    /// Fails with USER_NOT_FOUND when a client's session is not `uid`'s (signed out, or another account).
    func requireSubject(_ uid: String) throws(AuthError) {
        if case .client(let session) = self { _ = try Self.require(session, holds: uid) }
    }

    private static func require(_ session: ClientSession?, holds uid: String) throws(AuthError) -> ClientSession {
        guard let session else { throw AuthError(.userNotFound, detail: "no signed-in user") }
        guard session.uid == uid else { throw AuthError(.userNotFound, detail: "not the signed-in user") }
        return session
    }

    /// Inside a write: the gate every first factor passes. An account without second factors signs in (see
    /// `admit`); one with factors is held back under a new pending credential, valid for
    /// `LocalAuthEngine.pendingSignInLifetime`, and neither its last sign-in nor the session changes.
    /// `developerClaims` (a custom token's) stay with the sign-in either way.
    func signIn(_ record: AccountRecord, provider: String, developerClaims: String? = nil, at now: Date,
                isNewUser: Bool, in store: LocalStore) throws(AuthError) -> LocalSignInOutcome {
        let factors = try store.enrollments(uid: record.uid).map(\.factor)
        guard !factors.isEmpty else {
            return .signedIn(try admit(record, provider: provider, developerClaims: developerClaims, at: now,
                                       isNewUser: isNewUser, in: store))
        }
        let credential = SystemRandom.urlSafeToken(byteCount: 32)
        let lifetime = LocalAuthEngine.pendingSignInLifetime
        try store.insertPendingSignIn(
            PendingSignInRecord(uid: record.uid, provider: provider, authTime: now,
                                expiresAt: now.addingTimeInterval(lifetime), developerClaims: developerClaims),
            credential: credential, forgettingBefore: now.addingTimeInterval(-lifetime))
        return .secondFactorRequired(MultiFactorChallenge(pendingCredential: credential, factors: factors,
                                                          account: try LocalAuthEngine.report(record, in: store)))
    }

    /// Inside a write: records that `record` signed in with `provider` (and `secondFactor`) at `now`; returns the
    /// sign-in, with `developerClaims` (a custom token's). For a local client the sign-in becomes the store's
    /// session; otherwise (a client holding tokens: the emulator's) it comes with a refresh token, stored in the
    /// same write and `issuedAt` (`now` unless the sign-in is older). Past the gate: only for an account created in this write
    /// (it has no second factor) or a sign-in whose second factor was just proven.
    func admit(_ record: AccountRecord, provider: String, secondFactor: EnrolledFactor? = nil,
               developerClaims: String? = nil, at now: Date, issuedAt: Date? = nil, isNewUser: Bool,
               in store: LocalStore) throws(AuthError) -> LocalSignIn {
        let account = try store.recordSignIn(uid: record.uid, at: now)
        var signIn = LocalSignIn(account: try LocalAuthEngine.report(account, in: store), provider: provider,
                                 authTime: now, isNewUser: isNewUser)
        signIn.developerClaims = developerClaims
        if case .client = self {
            try store.setSession(uid: account.uid, signInProvider: provider, authTime: now, secondFactor: secondFactor)
        } else {
            signIn.refreshToken = try LocalAuthEngine.insertRefreshToken(for: signIn, secondFactor: secondFactor,
                                                                          issuedAt: issuedAt ?? now, in: store)
        }
        return signIn
    }

    /// Inside a write: links `providerID` to `uid` after `change` (see `LocalStore.link`). For a local client the
    /// store's session, while it is still `uid`'s, counts as signed in with the linked provider (as tokens name it:
    /// `signInProviderClaim`) at `now`: holding the credential was just proven, as Firebase's fresh tokens after a
    /// link say.
    func link(_ providerID: String, to uid: String, at now: Date, in store: LocalStore,
              _ change: (inout AccountRecord) throws(AuthError) -> Void) throws(AuthError) -> LocalAccount {
        let linked = try store.link(providerID, to: uid, change)
        if case .client = self {
            let claim = ProviderID(rawValue: providerID).signInProviderClaim.rawValue
            try store.renewSession(uid: uid, signInProvider: claim, authTime: now)
        }
        return try LocalAuthEngine.report(linked, in: store)
    }
}
