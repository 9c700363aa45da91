import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// "Emails" a password-reset link to the account's outbox and returns its code.
    ///
    /// Succeeds for any well-formed email, account or not, so it never reveals which emails are registered;
    /// only an existing account gets a message (nil otherwise). The code expires after one hour and works once.
    @discardableResult
    public func sendPasswordReset(email: String) throws(AuthError) -> String? {
        let emailKey = try Credentials.emailKey(email)
        let code = SystemRandom.urlSafeToken()
        let now = clock()
        return try write { store throws(AuthError) -> String? in
            guard let recipient = try store.account(emailKey: emailKey)?.email else { return nil }
            try store.insertOobCode(code, kind: .passwordReset, emailKey: emailKey,
                                    expiresAt: now.addingTimeInterval(Self.oobCodeLifetime))
            _ = try store.send(kind: .passwordReset, recipient: recipient,
                               link: ActionLink.resetPassword(code: code), code: code, at: now)
            return code
        }
    }

    /// "Emails" account `uid` a link that verifies its email and returns its code.
    ///
    /// Errors: USER_NOT_FOUND, MISSING_EMAIL (the account has no email).
    public func sendEmailVerification(uid: String) throws(AuthError) -> String {
        let code = SystemRandom.urlSafeToken()
        let now = clock()
        return try write { store throws(AuthError) -> String in
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            guard let email = account.email else {
                throw AuthError(.missingEmail)
            }
            try store.insertOobCode(code, kind: .verifyEmail, emailKey: email.lowercased(),
                                    expiresAt: now.addingTimeInterval(Self.oobCodeLifetime))
            _ = try store.send(kind: .verifyEmail, recipient: email, link: ActionLink.verifyEmail(code: code),
                               code: code, at: now)
            return code
        }
    }

    /// What an unused, unexpired emailed code is for and where it was sent, without using it up.
    ///
    /// Errors: MISSING_OOB_CODE, INVALID_OOB_CODE (unknown or used), EXPIRED_OOB_CODE.
    public func inspectOobCode(_ code: String) throws(AuthError) -> PendingOobCode {
        let now = clock()
        return try withStore { store throws(AuthError) in
            let record = try Self.usableOobCode(code, in: store, at: now)
            let email = try store.account(emailKey: record.emailKey)?.email ?? record.emailKey
            return PendingOobCode(kind: record.kind, email: email, code: code, link: nil, newEmail: record.newEmail)
        }
    }

    /// The email a password-reset code belongs to, without using the code up.
    ///
    /// Errors: those of `inspectOobCode`, and INVALID_OOB_CODE for a code of another kind.
    public func passwordResetEmail(code: String) throws(AuthError) -> String {
        let now = clock()
        return try withStore { store throws(AuthError) in try Self.resetAccount(for: code, in: store, at: now) }
            .email ?? ""
    }

    /// Sets a new password with a reset code, uses up every reset code of the email, marks the email verified
    /// and revokes older tokens.
    ///
    /// Errors: MISSING_OOB_CODE, INVALID_OOB_CODE (unknown or already used), EXPIRED_OOB_CODE,
    /// MISSING_PASSWORD, WEAK_PASSWORD, USER_DISABLED.
    @discardableResult
    public func resetPassword(code: String, newPassword: String) throws(AuthError) -> LocalAccount {
        let checkedAt = clock()
        _ = try withStore { store throws(AuthError) in try Self.resetAccount(for: code, in: store, at: checkedAt) }
        try Credentials.requireStrongPassword(newPassword)
        let hash = try hasher.hash(newPassword, for: code)
        let now = clock()
        return try write { store throws(AuthError) in
            let account = try Self.resetAccount(for: code, in: store, at: now)
            guard !account.isDisabled else { throw AuthError(.userDisabled) }
            let emailKey = account.email?.lowercased() ?? ""
            try store.useOobCodes(emailKey: emailKey, kind: .passwordReset)
            try store.clearFailedSignIns(emailKey: emailKey)
            let updated = try store.modifyAccount(uid: account.uid) { account in
                Self.setPassword(hash, on: &account, at: now)
                account.isEmailVerified = true
            }
            try store.revokeRefreshTokens(uid: account.uid)
            return try Self.report(updated, in: store)
        }
    }

    /// Applies an email-verification code: the account whose email it was sent to is marked verified.
    ///
    /// Errors: those of `inspectOobCode`, INVALID_OOB_CODE for a code of another kind or an email that changed,
    /// USER_DISABLED.
    public func applyEmailVerification(code: String) throws(AuthError) -> LocalAccount {
        let now = clock()
        return try write { store throws(AuthError) in
            let record = try Self.usableOobCode(code, in: store, at: now)
            guard record.kind == .verifyEmail, let account = try store.account(emailKey: record.emailKey) else {
                throw AuthError(.invalidOobCode)
            }
            guard !account.isDisabled else { throw AuthError(.userDisabled) }
            try store.useOobCode(code)
            return try Self.report(try store.modifyAccount(uid: account.uid) { $0.isEmailVerified = true }, in: store)
        }
    }

    /// The stored code when it exists, is unused and unexpired.
    static func usableOobCode(_ code: String, in store: LocalStore, at now: Date) throws(AuthError) -> OobCodeRecord {
        guard !code.isEmpty else { throw AuthError(.missingOobCode) }
        guard let record = try store.oobCode(code), !record.isUsed else { throw AuthError(.invalidOobCode) }
        guard now < record.expiresAt else { throw AuthError(.expiredOobCode) }
        return record
    }

    /// The account an unused, unexpired password-reset code belongs to.
    private static func resetAccount(for code: String, in store: LocalStore, at now: Date)
        throws(AuthError) -> AccountRecord {
        guard !code.isEmpty else { throw AuthError(.missingOobCode) }
        guard let record = try store.oobCode(code), record.kind == .passwordReset, !record.isUsed,
              let account = try store.account(emailKey: record.emailKey)
        else { throw AuthError(.invalidOobCode) }
        guard now < record.expiresAt else { throw AuthError(.expiredOobCode) }
        return account
    }
}
