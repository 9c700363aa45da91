import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// "Emails" account `uid` a link that changes its email to `newEmail`, verified, once used; returns its code.
    /// The code is kept, and listed, under the account's current email, as in Firebase's emulator.
    ///
    /// Errors: USER_NOT_FOUND, MISSING_EMAIL (the account has none), INVALID_EMAIL, EMAIL_EXISTS (`newEmail` is
    /// taken).
    public func sendVerifyAndChangeEmail(uid: String, newEmail: String) throws(AuthError) -> String {
        let newKey = try Credentials.emailKey(newEmail)
        let code = SystemRandom.urlSafeToken()
        let now = clock()
        return try write { store throws(AuthError) -> String in
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            guard let email = account.email else { throw AuthError(.missingEmail) }
            guard try store.account(emailKey: newKey) == nil else { throw AuthError(.emailExists) }
            try store.insertOobCode(code, kind: .verifyAndChangeEmail, emailKey: email.lowercased(), newEmail: newEmail,
                                    expiresAt: now.addingTimeInterval(Self.oobCodeLifetime))
            _ = try store.send(kind: .verifyAndChangeEmail, recipient: email,
                               link: ActionLink.verifyAndChangeEmail(code: code), code: code, at: now)
            return code
        }
    }

    /// Applies an emailed code that acts on an account's email: `.verifyEmail` marks it verified,
    /// `.verifyAndChangeEmail` changes it to the code's new address and `.recoverEmail` restores the address the
    /// account had before its email changed, both then verified. A change's code is used up even when the change
    /// fails, as in Firebase's emulator. Returns the account and what the code was for.
    ///
    /// Errors: those of `inspectOobCode`, INVALID_OOB_CODE (a code of another kind, or its account is gone),
    /// EMAIL_EXISTS (another account has the address meanwhile), USER_DISABLED.
    public func applyEmailCode(_ code: String) throws(AuthError) -> (account: LocalAccount, kind: OutboxMessage.Kind) {
        let now = clock()
        let kind = try withStore { store throws(AuthError) in try Self.usableOobCode(code, in: store, at: now).kind }
        switch kind {
        case .verifyEmail:
            return (try applyEmailVerification(code: code), kind)
        case .verifyAndChangeEmail, .recoverEmail:
            let changed = try write { store throws(AuthError) -> Result<LocalAccount, AuthError> in
                let record = try Self.usableOobCode(code, in: store, at: now)
                try store.useOobCode(code)
                do throws(AuthError) {
                    return .success(try Self.changeEmail(as: record, in: store))
                } catch {
                    return .failure(error)
                }
            }
            return (try changed.get(), kind)
        case .passwordReset, .emailSignIn, .sms:
            throw AuthError(.invalidOobCode)
        }
    }

    /// Changes the email of the account `record` belongs to as the code asks, marking it verified.
    private static func changeEmail(as record: OobCodeRecord, in store: LocalStore) throws(AuthError) -> LocalAccount {
        let account: AccountRecord?
        let email: String?
        if record.kind == .recoverEmail {
            account = try store.account(initialEmailKey: record.emailKey)
            email = account?.initialEmail
        } else {
            account = try store.account(emailKey: record.emailKey)
            email = record.newEmail
        }
        guard let account, let email else { throw AuthError(.invalidOobCode) }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        guard try store.account(emailKey: email.lowercased()) == nil else { throw AuthError(.emailExists) }
        let changed = try store.modifyAccount(uid: account.uid) { account in
            account.email = email
            account.isEmailVerified = true
        }
        return try report(changed, in: store)
    }

    /// After account `account`'s email changed, "emails" the address it first had a link that restores it
    /// (Firebase's RECOVER_EMAIL), as Firebase's emulator does on every later change too.
    static func sendEmailRecovery(for account: AccountRecord, in store: LocalStore, at now: Date) throws(AuthError) {
        guard let initialEmail = account.initialEmail else { return }
        let code = SystemRandom.urlSafeToken()
        try store.insertOobCode(code, kind: .recoverEmail, emailKey: initialEmail.lowercased(),
                                expiresAt: now.addingTimeInterval(oobCodeLifetime))
        _ = try store.send(kind: .recoverEmail, recipient: initialEmail, link: ActionLink.recoverEmail(code: code),
                           code: code, at: now)
    }
}
