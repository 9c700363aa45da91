import AuthCore
import Foundation

extension LocalAuthClient {
    /// Creates an email/password account and signs in to it.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL, MISSING_PASSWORD, WEAK_PASSWORD, EMAIL_EXISTS (any letter case).
    public func createUser(email: String, password: String) async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            let emailKey = try Credentials.emailKey(email)
            try Credentials.requireStrongPassword(password)
            try self.requireEmailFree(emailKey)
            let hash = try self.hasher.hash(password)
            let uid = try SecureRandom.uid()
            let now = self.clock()
            let user = try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    guard try store.account(emailKey: emailKey) == nil else { throw AuthError(.emailExists) }
                    var account = AccountRecord(uid: uid, email: email, passwordHash: hash, isAnonymous: false,
                                                providerIDs: [SignInProvider.password], createdAt: now)
                    account.lastSignInAt = now
                    try store.insert(account)
                    try store.setSession(uid: uid, signInProvider: SignInProvider.password, authTime: now)
                    return account.user
                }
            }
            return .signedIn(user)
        }
    }

    /// Signs in with email and password.
    ///
    /// An unknown email and a wrong password both give INVALID_LOGIN_CREDENTIALS (and take as long), so the
    /// answer never tells whether an account exists. Five failures for one email within 15 minutes give
    /// TOO_MANY_ATTEMPTS_TRY_LATER until the oldest ages out; a success clears them.
    public func signIn(email: String, password: String) async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            let emailKey = try Credentials.emailKey(email)
            try Credentials.requirePassword(password)
            let now = self.clock()
            let account = try self.passwordAccount(emailKey: emailKey, password: password, at: now)
            let user = try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    try store.clearFailedSignIns(emailKey: emailKey)
                    return try store.startSession(uid: account.uid, signInProvider: SignInProvider.password, at: now)
                        .user
                }
            }
            return .signedIn(user)
        }
    }

    /// Sets a new password for the signed-in email/password account.
    ///
    /// Errors: MISSING_PASSWORD, WEAK_PASSWORD, USER_NOT_FOUND (signed out), OPERATION_NOT_ALLOWED (no email).
    public func updatePassword(_ newPassword: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            try Credentials.requireStrongPassword(newPassword)
            let session = try self.withStore { store throws(AuthError) in try store.requireSession() }
            guard session.account.email != nil else {
                throw AuthError(.operationNotAllowed, detail: "updatePassword: account has no email")
            }
            let hash = try self.hasher.hash(newPassword)
            try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) in
                    _ = try store.modifyAccount(uid: session.account.uid) { account in
                        account.passwordHash = hash
                        if !account.providerIDs.contains(SignInProvider.password) {
                            account.providerIDs.append(SignInProvider.password)
                        }
                    }
                }
            }
        }
    }

    /// The sign-in methods of the account with this email, in the order they were linked: `password`,
    /// `emailLink` and identity-provider ids such as `google.com` (never `phone`); none for an unknown email.
    public func fetchSignInMethods(email: String) async throws(AuthError) -> [String] {
        try await perform { () throws(AuthError) -> [String] in
            let emailKey = try Credentials.emailKey(email)
            let account = try self.withStore { store throws(AuthError) in try store.account(emailKey: emailKey) }
            return account?.providerIDs.filter { $0 != SignInProvider.phone } ?? []
        }
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
        guard let account, let hash = account.passwordHash, hasher.verify(password, against: hash) else {
            if account?.passwordHash == nil { hasher.simulateVerification(password) }
            try recordFailedSignIn(emailKey: emailKey, at: now)
            throw AuthError(.invalidLoginCredentials)
        }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        return account
    }

    /// EMAIL_EXISTS when an account already uses the email: a quick check before spending time on hashing.
    func requireEmailFree(_ emailKey: String) throws(AuthError) {
        let existing = try withStore { store throws(AuthError) in try store.account(emailKey: emailKey) }
        guard existing == nil else { throw AuthError(.emailExists) }
    }

    /// Counts a failed sign-in towards the email's limit.
    private func recordFailedSignIn(emailKey: String, at now: Date) throws(AuthError) {
        try withStore { store throws(AuthError) in
            try store.write { () throws(AuthError) in
                try store.recordFailedSignIn(emailKey: emailKey, at: now,
                                             forgettingBefore: now.addingTimeInterval(-Self.failedSignInWindow))
            }
        }
    }
}
