import AuthCore
import Foundation

extension LocalAuthClient {
    /// "Emails" a password-reset link to the account's outbox.
    ///
    /// Succeeds for any well-formed email, account or not, so it never reveals which emails are registered;
    /// only an existing account gets a message. The code inside expires after one hour and works once.
    public func sendPasswordReset(email: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            let emailKey = try Credentials.emailKey(email)
            let code = try SecureRandom.urlSafeToken()
            let now = self.clock()
            try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) in
                    guard let recipient = try store.account(emailKey: emailKey)?.email else { return }
                    try store.insertOobCode(code, kind: .passwordReset, emailKey: emailKey,
                                            expiresAt: now.addingTimeInterval(Self.oobCodeLifetime))
                    _ = try store.send(kind: .passwordReset, recipient: recipient,
                                       link: ActionLink.resetPassword(code: code), code: code, at: now)
                }
            }
        }
    }

    /// The email a reset code belongs to, without using the code up.
    public func verifyPasswordResetCode(_ code: String) async throws(AuthError) -> String {
        try await perform { () throws(AuthError) -> String in
            let now = self.clock()
            let account = try self.withStore { store throws(AuthError) in
                try Self.resetAccount(for: code, in: store, at: now)
            }
            return account.email ?? ""
        }
    }

    /// Sets a new password with a reset code, uses the code up and marks the email verified.
    ///
    /// Errors: MISSING_OOB_CODE, INVALID_OOB_CODE (unknown or already used), EXPIRED_OOB_CODE,
    /// MISSING_PASSWORD, WEAK_PASSWORD, USER_DISABLED.
    public func confirmPasswordReset(code: String, newPassword: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            let checkedAt = self.clock()
            _ = try self.withStore { store throws(AuthError) in
                try Self.resetAccount(for: code, in: store, at: checkedAt)
            }
            try Credentials.requireStrongPassword(newPassword)
            let hash = try self.hasher.hash(newPassword)
            let now = self.clock()
            try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) in
                    let account = try Self.resetAccount(for: code, in: store, at: now)
                    guard !account.isDisabled else { throw AuthError(.userDisabled) }
                    let emailKey = account.email?.lowercased() ?? ""
                    try store.useOobCodes(emailKey: emailKey, kind: .passwordReset)
                    try store.clearFailedSignIns(emailKey: emailKey)
                    _ = try store.modifyAccount(uid: account.uid) { account in
                        account.passwordHash = hash
                        account.isEmailVerified = true
                        if !account.providerIDs.contains(SignInProvider.password) {
                            account.providerIDs.append(SignInProvider.password)
                        }
                    }
                }
            }
        }
    }

    /// Every message sent so far, oldest first.
    public func messages() async throws(AuthError) -> [OutboxMessage] {
        try await perform { () throws(AuthError) -> [OutboxMessage] in
            try self.withStore { store throws(AuthError) in try store.messages() }
        }
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
