import AuthCore

extension LocalAuthClient {
    /// Signs in to a new anonymous account, or returns the current one when it is already anonymous.
    public func signInAnonymously() async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            let uid = try SecureRandom.uid()
            let now = self.clock()
            let user = try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    if let session = try store.session(), session.account.isAnonymous { return session.account.user }
                    var account = AccountRecord(uid: uid, email: nil, passwordHash: nil, isAnonymous: true,
                                                providerIDs: [], createdAt: now)
                    account.lastSignInAt = now
                    try store.insert(account)
                    try store.setSession(uid: uid, signInProvider: SignInProvider.anonymous, authTime: now)
                    return account.user
                }
            }
            return .signedIn(user)
        }
    }
}
