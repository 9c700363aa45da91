import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// "Emails" a sign-in link to any well-formed address, account or not, and returns its code; the code
    /// works once, for one hour, and only with the email it was sent to. Without `continueURL` the link names
    /// no page to continue at.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL.
    @discardableResult
    public func sendSignInLink(email: String, continueURL: String?) throws(AuthError) -> String {
        let emailKey = try Credentials.emailKey(email)
        let code = SystemRandom.urlSafeToken()
        let now = clock()
        try write { store throws(AuthError) in
            try store.insertOobCode(code, kind: .emailSignIn, emailKey: emailKey,
                                    expiresAt: now.addingTimeInterval(Self.oobCodeLifetime))
            _ = try store.send(kind: .emailSignIn, recipient: email,
                               link: ActionLink.signIn(code: code, continueURL: continueURL), code: code, at: now)
        }
        return code
    }

    /// Signs in with an emailed sign-in link (or its bare code): to the email's account, or to a new
    /// passwordless one; either way the email counts as verified.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL (malformed, or not the email the link was sent to), MISSING_OOB_CODE,
    /// INVALID_OOB_CODE (unknown or used), EXPIRED_OOB_CODE, USER_DISABLED. An account with second factors
    /// answers with their challenge (the link is used up and the email verified all the same).
    public func signIn(email: String, link: String) throws(AuthError) -> LocalSignInOutcome {
        try signIn(email: email, link: link, binding: .detached)
    }

    func signIn(email: String, link: String, binding: SessionBinding) throws(AuthError) -> LocalSignInOutcome {
        let emailKey = try Credentials.emailKey(email)
        let code = OobCode.extract(from: link)
        let newUID = SecureRandom.uid()
        let now = clock()
        return try write { store throws(AuthError) in
            try Self.checkSignInCode(code, emailKey: emailKey, in: store, at: now)
            try store.useOobCode(code)
            if let account = try store.account(emailKey: emailKey) {
                guard !account.isDisabled else { throw AuthError(.userDisabled) }
                let updated = try store.modifyAccount(uid: account.uid) { account in
                    account.isEmailVerified = true
                    if !account.providerIDs.contains(ProviderID.emailLink.rawValue) {
                        account.providerIDs.append(ProviderID.emailLink.rawValue)
                    }
                }
                return try binding.signIn(updated, provider: ProviderID.emailLink.signInProviderClaim.rawValue, at: now, isNewUser: false,
                                          in: store)
            }
            var account = AccountRecord(uid: newUID, email: email, passwordHash: nil, isAnonymous: false,
                                        providerIDs: [ProviderID.emailLink.rawValue], createdAt: now)
            account.isEmailVerified = true
            try store.insert(account)
            return .signedIn(try binding.admit(account, provider: ProviderID.emailLink.signInProviderClaim.rawValue, at: now,
                                               isNewUser: true, in: store))
        }
    }

    /// Adds a sign-in link's email to account `uid` (verified), keeping its uid; the code is used up.
    ///
    /// Errors: those of `signIn(email:link:)`, USER_NOT_FOUND, EMAIL_EXISTS with conflict info (another account
    /// has the email; the link stays usable), OPERATION_NOT_ALLOWED (the account has a different email),
    /// CREDENTIAL_TOO_OLD_LOGIN_AGAIN (see `authTime` at `updatePassword`).
    public func linkEmailLink(uid: String, email: String, link: String, authTime: Date? = nil) throws(AuthError)
        -> LocalAccount {
        try linkEmailLink(uid: uid, email: email, link: link, binding: SessionBinding(authTime: authTime))
    }

    func linkEmailLink(uid: String, email: String, link: String, binding: SessionBinding) throws(AuthError)
        -> LocalAccount {
        let emailKey = try Credentials.emailKey(email)
        let code = OobCode.extract(from: link)
        let now = clock()
        return try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            try Self.checkSignInCode(code, emailKey: emailKey, in: store, at: now)
            if let owner = try store.account(emailKey: emailKey), owner.uid != account.uid {
                let credential = AuthCredential.emailLink(email: email, link: link)
                throw AuthError(.emailExists, conflict: AccountConflictInfo(email: email, credential: credential))
            }
            guard account.email == nil || account.email?.lowercased() == emailKey else {
                throw AuthError(.operationNotAllowed, detail: "link: the account has a different email")
            }
            // What cannot succeed is said before a fresh sign-in is asked for (issue 31 item 8).
            try requireRecentSignIn(uid, binding: binding, in: store)
            try store.useOobCode(code)
            return try binding.link(ProviderID.emailLink.rawValue, to: uid, at: now, in: store) { account in
                account.email = account.email ?? email
                account.isEmailVerified = true
            }
        }
    }

    /// Throws unless `code` is an unused, unexpired sign-in code sent to `emailKey`.
    static func checkSignInCode(_ code: String, emailKey: String, in store: LocalStore, at now: Date)
        throws(AuthError) {
        guard !code.isEmpty else { throw AuthError(.missingOobCode) }
        guard let record = try store.oobCode(code), record.kind == .emailSignIn, !record.isUsed else {
            throw AuthError(.invalidOobCode)
        }
        guard now < record.expiresAt else { throw AuthError(.expiredOobCode) }
        guard record.emailKey == emailKey else {
            throw AuthError(.invalidEmail, detail: "The email provided does not match the sign-in email address.")
        }
    }
}
