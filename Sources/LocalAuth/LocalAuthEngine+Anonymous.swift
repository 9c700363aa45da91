import AuthCore

extension LocalAuthEngine {
    /// Creates an anonymous account and signs in to it.
    public func createAnonymousAccount() throws(AuthError) -> LocalSignIn {
        try createAnonymousAccount(binding: .detached)
    }

    /// Creates an anonymous account; bound to the session, an anonymous session is reused instead.
    func createAnonymousAccount(binding: SessionBinding) throws(AuthError) -> LocalSignIn {
        let uid = SecureRandom.uid()
        let now = clock()
        return try write { store throws(AuthError) in
            if binding == .storeSession, let session = try store.session(), session.account.isAnonymous {
                return LocalSignIn(account: try Self.report(session.account, in: store),
                                   provider: session.signInProvider, authTime: session.authTime, isNewUser: false)
            }
            let account = AccountRecord(uid: uid, email: nil, passwordHash: nil, isAnonymous: true,
                                        providerIDs: [], createdAt: now)
            try store.insert(account)
            return try binding.admit(account, provider: SignInProvider.anonymous, at: now, isNewUser: true,
                                     in: store)
        }
    }
}
