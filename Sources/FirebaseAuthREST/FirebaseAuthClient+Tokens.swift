import AuthCore
import FoundationEssentials

extension FirebaseAuthClient: IDTokenSource {
    public func idToken(forceRefresh: Bool) async throws(AuthError) -> String {
        do throws(AuthError) {
            let session = try await currentSession()
            return forceRefresh ? try await refresh(session).idToken : session.idToken
        } catch {
            if Self.deadSessionCodes.contains(error.code) { forgetSession() }
            throw error
        }
    }

    /// Answers that mean the session can no longer be used: it is forgotten and the person signs in again.
    static let deadSessionCodes: Set<AuthErrorCode> = [.userNotFound, .tokenExpired, .userDisabled, .invalidIdToken]

    /// Runs `call` with a current ID token: refreshed first when it expires within five minutes, and once
    /// more after a TOKEN_EXPIRED answer, when `call` is retried once. A dead session is forgotten.
    ///
    /// Errors: USER_NOT_FOUND when signed out; the refresh's and `call`'s own.
    func withIDToken<Value>(_ call: (String) async throws(AuthError) -> Value) async throws(AuthError) -> Value {
        do throws(AuthError) {
            var session = try await currentSession()
            do throws(AuthError) {
                return try await call(session.idToken)
            } catch where error.code == .tokenExpired {
                session = try await refresh(session)
                return try await call(session.idToken)
            }
        } catch {
            if Self.deadSessionCodes.contains(error.code) { forgetSession() }
            throw error
        }
    }

    /// The session, refreshed when its ID token expires within `refreshMargin`; USER_NOT_FOUND when signed out.
    func currentSession() async throws(AuthError) -> PersistedSession {
        guard let session = state.withLock({ $0.session }) else {
            throw AuthError(.userNotFound, detail: "signed out")
        }
        guard session.expiresAt.timeIntervalSince(clock()) < Self.refreshMargin else { return session }
        return try await refresh(session)
    }

    /// Exchanges the refresh token for a new ID token at securetoken; the result is kept unless the session
    /// changed meanwhile (signed out, or someone else signed in).
    func refresh(_ session: PersistedSession) async throws(AuthError) -> PersistedSession {
        guard let url = endpoint.secureToken else {
            throw AuthError(.internalError, detail: "no URL for securetoken on this endpoint")
        }
        let form = [("grant_type", "refresh_token"), ("refresh_token", session.refreshToken)]
        let request = RESTRequest(operation: "token", url: url, body: .form(form),
                                  secrets: [session.refreshToken, session.idToken])
        let response = try await transport.send(request, as: SecureTokenResponse.self)
        var refreshed = session
        refreshed.idToken = response.idToken
        refreshed.refreshToken = response.refreshToken
        refreshed.expiresAt = clock().addingTimeInterval(response.expiresIn?.value ?? Self.defaultTokenLifetime)
        let isStillCurrent = state.withLock { state in
            guard state.session?.refreshToken == session.refreshToken else { return false }
            state.session = refreshed
            return true
        }
        if isStillCurrent { try? sessionStore.update(refreshed) }
        return refreshed
    }

    /// Makes the tokens of a successful answer the session, with the account looked up under them.
    ///
    /// The server has already signed the person in, so a lookup that fails in transit (or with a 5xx) does not
    /// undo it: the user is then read from the ID token's claims and looked up again by the next
    /// `currentUser()`. Errors: INTERNAL_ERROR when the answer has no tokens; the lookup's other errors.
    func adopt(_ response: SignInResponse) async throws(AuthError) -> User {
        guard let idToken = response.idToken, let refreshToken = response.refreshToken else {
            throw AuthError(.internalError, detail: "the answer carries no tokens")
        }
        let expiresAt = clock().addingTimeInterval(response.expiresIn?.value ?? Self.defaultTokenLifetime)
        let user: User
        let isValidated: Bool
        do throws(AuthError) {
            user = try await lookUpUser(idToken: idToken)
            isValidated = true
        } catch where [.networkRequestFailed, .internalError].contains(error.code) {
            user = try IDTokenClaims(jwt: idToken).provisionalUser(uid: response.localId)
            isValidated = false
        }
        keep(PersistedSession(idToken: idToken, refreshToken: refreshToken, expiresAt: expiresAt, user: user),
             validated: isValidated)
        return user
    }

    /// The account `idToken` belongs to (`accounts:lookup`).
    func lookUpAccount(idToken: String) async throws(AuthError) -> AccountInfo {
        let response = try await post("v1/accounts:lookup", ["idToken": .string(idToken)], as: LookupResponse.self)
        guard let account = response.users?.first else {
            throw AuthError(.userNotFound, detail: "accounts:lookup: no user")
        }
        return account
    }

    /// The `User` `idToken` belongs to.
    func lookUpUser(idToken: String) async throws(AuthError) -> User {
        try await lookUpAccount(idToken: idToken).user
    }

    /// Replaces the user of the kept session (after a profile change or a check), unless someone else has
    /// signed in meanwhile.
    func keep(_ user: User) {
        guard var session = state.withLock({ $0.session }), session.user.uid == user.uid else { return }
        session.user = user
        state.withLock { $0 = State(session: session, isValidated: true) }
        try? sessionStore.update(session)
    }

    /// Keeps a new sign-in's `session` in memory and, best effort, in the store, which the next run resumes: a
    /// session that cannot be written still lasts for this run, as FirebaseUI's in-memory persistence would.
    func keep(_ session: PersistedSession, validated: Bool) {
        state.withLock { $0 = State(session: session, isValidated: validated) }
        try? sessionStore.save(session)
    }

    /// Forgets the session in memory and, best effort, in the store (after the server said it is dead).
    func forgetSession() {
        try? endSession()
    }

    /// Forgets the session in memory, and in the store while it is still this session's account (another process
    /// may have signed in since); STORAGE_FAILURE when the file cannot be deleted.
    func endSession() throws(AuthError) {
        let ended = state.withLock { state in
            defer { state = State(session: nil, isValidated: false) }
            return state.session?.user.uid
        }
        if let ended { try sessionStore.clear(uid: ended) }
    }
}

extension AccountInfo {
    /// The account as the UI knows it; one without email, phone or linked provider is anonymous.
    var user: User {
        let providers = (providerUserInfo ?? []).compactMap(\.providerId)
        return User(uid: localId, email: email, displayName: displayName, photoURL: photoUrl,
                    phoneNumber: phoneNumber, isAnonymous: providers.isEmpty && email == nil && phoneNumber == nil,
                    isEmailVerified: emailVerified ?? false, providerIDs: providers)
    }
}
