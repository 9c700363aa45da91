import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// Creates an email/password account and signs in to it.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL, MISSING_PASSWORD, WEAK_PASSWORD, EMAIL_EXISTS (any letter case).
    public func createAccount(email: String, password: String) throws(AuthError) -> LocalSignIn {
        try createAccount(email: email, password: password, binding: .detached)
    }

    func createAccount(email: String, password: String, binding: SessionBinding) throws(AuthError) -> LocalSignIn {
        let emailKey = try Credentials.emailKey(email)
        try Credentials.requireStrongPassword(password)
        try requireEmailFree(emailKey)
        let hash = try hasher.hash(password, for: emailKey)
        let uid = SecureRandom.uid()
        let now = clock()
        return try write { store throws(AuthError) in
            guard try store.account(emailKey: emailKey) == nil else { throw AuthError(.emailExists) }
            let account = AccountRecord(uid: uid, email: email, passwordHash: hash, isAnonymous: false,
                                        providerIDs: [ProviderID.password.rawValue], createdAt: now)
            try store.insert(account)
            return try binding.admit(account, provider: ProviderID.password.rawValue, at: now, isNewUser: true,
                                     in: store)
        }
    }

    /// Signs in with email and password.
    ///
    /// An unknown email and a wrong password both give INVALID_LOGIN_CREDENTIALS (and take as long), so the
    /// answer never tells whether an account exists. Five failures for one email within 15 minutes give
    /// TOO_MANY_ATTEMPTS_TRY_LATER until the oldest ages out; a success clears them. Also USER_DISABLED.
    /// An account with second factors answers with their challenge.
    public func signIn(email: String, password: String) throws(AuthError) -> LocalSignInOutcome {
        try signIn(email: email, password: password, binding: .detached)
    }

    func signIn(email: String, password: String, binding: SessionBinding) throws(AuthError)
        -> LocalSignInOutcome {
        let emailKey = try Credentials.emailKey(email)
        try Credentials.requirePassword(password)
        let now = clock()
        let account = try passwordAccount(emailKey: emailKey, password: password, at: now)
        return try write { store throws(AuthError) in
            try store.clearFailedSignIns(emailKey: emailKey)
            return try binding.signIn(account, provider: ProviderID.password.rawValue, at: now, isNewUser: false,
                                      in: store)
        }
    }

    /// Sets a new password for account `uid`; tokens issued before now are revoked.
    ///
    /// `authTime` is the last interactive sign-in of a user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    /// Errors: MISSING_PASSWORD, WEAK_PASSWORD, USER_NOT_FOUND, OPERATION_NOT_ALLOWED (no email),
    /// CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    public func updatePassword(uid: String, newPassword: String, authTime: Date? = nil) throws(AuthError)
        -> LocalAccount {
        try updatePassword(uid: uid, newPassword: newPassword, binding: SessionBinding(authTime: authTime))
    }

    func updatePassword(uid: String, newPassword: String, binding: SessionBinding) throws(AuthError)
        -> LocalAccount {
        try Credentials.requireStrongPassword(newPassword)
        let existing = try withStore { store throws(AuthError) in try store.account(uid: uid) }
        guard let existing else { throw AuthError(.userNotFound) }
        guard existing.email != nil else {
            throw AuthError(.operationNotAllowed, detail: "updatePassword: account has no email")
        }
        let hash = try hasher.hash(newPassword, for: uid)
        let now = clock()
        return try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            try requireRecentSignIn(uid, binding: binding, in: store)
            let account = try store.modifyAccount(uid: uid) { account in
                Self.setPassword(hash, on: &account, at: now)
            }
            try store.revokeRefreshTokens(uid: uid)
            return try Self.report(account, in: store)
        }
    }

    /// Adds an email and password to account `uid`, keeping its uid.
    ///
    /// Errors: the sign-up validation errors, USER_NOT_FOUND, EMAIL_EXISTS with conflict info (another
    /// account has the email), OPERATION_NOT_ALLOWED (a password is linked already, or the account has a
    /// different email), CREDENTIAL_TOO_OLD_LOGIN_AGAIN (see `authTime` at `updatePassword`).
    public func linkPassword(uid: String, email: String, password: String, authTime: Date? = nil)
        throws(AuthError) -> LocalAccount {
        try linkPassword(uid: uid, email: email, password: password, binding: SessionBinding(authTime: authTime))
    }

    func linkPassword(uid: String, email: String, password: String, binding: SessionBinding) throws(AuthError)
        -> LocalAccount {
        let emailKey = try Credentials.emailKey(email)
        try Credentials.requireStrongPassword(password)
        let conflict = AccountConflictInfo(email: email, credential: .emailPassword(email: email, password: password))
        try withStore { store throws(AuthError) in
            try binding.requireSubject(uid)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            try Self.requirePasswordLinkable(emailKey, to: account, conflict: conflict, in: store)
            try requireRecentSignIn(uid, binding: binding, in: store)
        }
        let hash = try hasher.hash(password, for: uid)
        let now = clock()
        return try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            try Self.requirePasswordLinkable(emailKey, to: account, conflict: conflict, in: store)
            try requireRecentSignIn(uid, binding: binding, in: store)
            return try binding.link(ProviderID.password.rawValue, to: uid, at: now, in: store) { account in
                account.email = account.email ?? email
                Self.setPassword(hash, on: &account, at: now)
            }
        }
    }

    /// The sign-in methods of the account with this email (or else of one with an identity of this email), in
    /// the order they were linked: `password`, `emailLink` and identity-provider ids such as `google.com` (never
    /// `phone`); none for an unknown email.
    public func signInMethods(email: String) throws(AuthError) -> [String] {
        let emailKey = try Credentials.emailKey(email)
        let account = try withStore { store throws(AuthError) in try store.account(emailOrIdentityEmail: emailKey) }
        return account?.providerIDs.filter { $0 != ProviderID.phone.rawValue } ?? []
    }

    /// The account whose email and password these are; checks and counts failed sign-ins.
    ///
    /// An unknown email and a wrong password both give INVALID_LOGIN_CREDENTIALS after the same work.
    /// Errors: TOO_MANY_ATTEMPTS_TRY_LATER, INVALID_LOGIN_CREDENTIALS, USER_DISABLED.
    func passwordAccount(emailKey: String, password: String, at now: Date) throws(AuthError) -> AccountRecord {
        let account = try withStore { store throws(AuthError) -> AccountRecord? in
            let failures = try store.failedSignInCount(
                emailKey: emailKey, since: now.addingTimeInterval(-Self.failedSignInWindow))
            guard failures < Self.maximumFailedSignIns else {
                throw AuthError(.tooManyAttemptsTryLater, detail: "too many failed sign-ins for this email")
            }
            return try store.account(emailKey: emailKey)
        }
        guard let account, let hash = account.passwordHash,
              try hasher.verify(password, against: hash, for: account.uid) else {
            if account?.passwordHash == nil { try hasher.simulateVerification(password, for: emailKey) }
            try recordFailedSignIn(emailKey: emailKey, at: now)
            throw AuthError(.invalidLoginCredentials)
        }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        return account
    }

    /// Stores a new password hash: the password provider is listed and older tokens are revoked.
    static func setPassword(_ hash: String, on account: inout AccountRecord, at now: Date) {
        account.passwordHash = hash
        account.passwordUpdatedAt = now
        account.validSince = now
        if !account.providerIDs.contains(ProviderID.password.rawValue) {
            account.providerIDs.append(ProviderID.password.rawValue)
        }
    }

    /// EMAIL_EXISTS when an account already uses the email: a quick check before spending time on hashing.
    private func requireEmailFree(_ emailKey: String) throws(AuthError) {
        let existing = try withStore { store throws(AuthError) in try store.account(emailKey: emailKey) }
        guard existing == nil else { throw AuthError(.emailExists) }
    }

    /// Counts a failed sign-in towards the email's limit.
    private func recordFailedSignIn(emailKey: String, at now: Date) throws(AuthError) {
        try write { store throws(AuthError) in
            try store.recordFailedSignIn(emailKey: emailKey, at: now,
                                         forgettingBefore: now.addingTimeInterval(-Self.failedSignInWindow))
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
