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

    /// Adds an email and password to the signed-in anonymous account, keeping its uid.
    ///
    /// Errors: the sign-up validation errors, EMAIL_EXISTS, USER_NOT_FOUND (signed out), OPERATION_NOT_ALLOWED
    /// (the account already has a password); other credential kinds are not implemented.
    public func link(_ credential: AuthCredential) async throws(AuthError) -> User {
        guard case .emailPassword(let email, let password) = credential else {
            throw AuthError(.notImplemented, detail: "link(\(credential.providerID))")
        }
        return try await perform { () throws(AuthError) -> User in
            let emailKey = try Credentials.emailKey(email)
            try Credentials.requireStrongPassword(password)
            let uid = try self.withStore { store throws(AuthError) in try store.requireSession().account.uid }
            try self.requireEmailFree(emailKey)
            let hash = try self.hasher.hash(password)
            return try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    guard try store.requireSession().account.uid == uid else {
                        throw AuthError(.userNotFound, detail: "signed-in user changed")
                    }
                    guard try store.account(emailKey: emailKey) == nil else { throw AuthError(.emailExists) }
                    let linked = try store.modifyAccount(uid: uid) { (account) throws(AuthError) in
                        guard account.passwordHash == nil else {
                            throw AuthError(.operationNotAllowed, detail: "link: password already linked")
                        }
                        account.email = email
                        account.passwordHash = hash
                        account.isAnonymous = false
                        account.providerIDs.append(SignInProvider.password)
                    }
                    try store.setSessionProvider(SignInProvider.password)
                    return linked.user
                }
            }
        }
    }
}
