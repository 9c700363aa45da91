import AuthCore

extension LocalAuthEngine {
    /// Creates an anonymous account and signs in to it.
    public func createAnonymousAccount() throws(AuthError) -> LocalSignIn {
        try createAnonymousAccount(binding: .detached)
    }

    /// Creates an anonymous account; a local client whose session is still an anonymous account keeps it instead.
    func createAnonymousAccount(binding: SessionBinding) throws(AuthError) -> LocalSignIn {
        let uid = SecureRandom.uid()
        let now = clock()
        return try write { store throws(AuthError) in
            if case .client(let session?) = binding, let account = try store.account(uid: session.uid),
               account.isAnonymous {
                return LocalSignIn(account: try Self.report(account, in: store),
                                   provider: session.signInProvider, authTime: session.authTime, isNewUser: false)
            }
            let account = AccountRecord(uid: uid, email: nil, passwordHash: nil, isAnonymous: true,
                                        providerIDs: [], createdAt: now)
            try store.insert(account)
            return try binding.admit(account, provider: ProviderID.anonymous.rawValue, at: now, isNewUser: true,
                                     in: store)
        }
    }
}
