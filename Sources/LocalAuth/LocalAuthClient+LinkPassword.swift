import AuthCore

extension LocalAuthClient {
    /// Adds an email and password to the signed-in account, keeping its uid.
    ///
    /// Errors: the sign-up validation errors, USER_NOT_FOUND (signed out), EMAIL_EXISTS with conflict info
    /// (another account has the email), OPERATION_NOT_ALLOWED (a password is linked already, or the account
    /// has a different email).
    func linkPassword(email: String, password: String) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            let emailKey = try Credentials.emailKey(email)
            try Credentials.requireStrongPassword(password)
            let conflict = AccountConflictInfo(email: email,
                                               credential: .emailPassword(email: email, password: password))
            let uid = try self.withStore { store throws(AuthError) in
                let account = try store.requireSession().account
                try Self.requirePasswordLinkable(emailKey, to: account, conflict: conflict, in: store)
                return account.uid
            }
            let hash = try self.hasher.hash(password)
            return try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    let account = try store.requireSessionAccount(uid: uid)
                    try Self.requirePasswordLinkable(emailKey, to: account, conflict: conflict, in: store)
                    return try store.link(SignInProvider.password, to: uid) { account in
                        account.email = account.email ?? email
                        account.passwordHash = hash
                    }.user
                }
            }
        }
    }

    /// Throws unless a password for `emailKey` may be added to `account`; `conflict` goes with EMAIL_EXISTS.
    private static func requirePasswordLinkable(_ emailKey: String, to account: AccountRecord,
                                                conflict: AccountConflictInfo, in store: LocalStore)
        throws(AuthError) {
        guard account.passwordHash == nil else {
            throw AuthError(.operationNotAllowed, detail: "link: password already linked")
        }
        if let owner = try store.account(emailKey: emailKey), owner.uid != account.uid {
            throw AuthError(.emailExists, conflict: conflict)
        }
        guard account.email == nil || account.email?.lowercased() == emailKey else {
            throw AuthError(.operationNotAllowed, detail: "link: the account has a different email")
        }
    }
}
