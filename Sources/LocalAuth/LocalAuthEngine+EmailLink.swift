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

    /// Signs account `uid` in with a sign-in link, as `signInWithEmailLink` with the account's ID token does:
    /// the link's email becomes the account's, verified, and a way to sign in (the code is used up); then an
    /// account with second factors answers with their challenge, as in Firebase's emulator.
    ///
    /// Errors: those of `signIn(email:link:)`, USER_NOT_FOUND, EMAIL_EXISTS with conflict info (another account
    /// has the email; the link stays usable), CREDENTIAL_TOO_OLD_LOGIN_AGAIN (see `authTime` at
    /// `updatePassword`).
    public func signIn(email: String, link: String, uid: String, authTime: Date? = nil) throws(AuthError)
        -> LocalSignInOutcome {
        let emailKey = try Credentials.emailKey(email)
        let code = OobCode.extract(from: link)
        let now = clock()
        let binding = SessionBinding(authTime: authTime)
        return try write { store throws(AuthError) in
            try useSignInLink(code, email: email, emailKey: emailKey, link: link, for: uid, binding: binding,
                              in: store, at: now)
            let account = try store.link(ProviderID.emailLink.rawValue, to: uid) { account in
                account.takeSignInLinkEmail(email, emailKey: emailKey)
            }
            return try binding.signIn(account, provider: ProviderID.emailLink.signInProviderClaim.rawValue, at: now,
                                      isNewUser: false, in: store)
        }
    }

    /// Adds a sign-in link to account `uid`, keeping its uid: the link's email becomes the account's, verified
    /// (the code is used up); the local client's session counts as signed in with it.
    ///
    /// Errors: those of `signIn(email:link:uid:authTime:)`.
    func linkEmailLink(uid: String, email: String, link: String, binding: SessionBinding) throws(AuthError)
        -> LocalAccount {
        let emailKey = try Credentials.emailKey(email)
        let code = OobCode.extract(from: link)
        let now = clock()
        return try write { store throws(AuthError) in
            try useSignInLink(code, email: email, emailKey: emailKey, link: link, for: uid, binding: binding,
                              in: store, at: now)
            return try binding.link(ProviderID.emailLink.rawValue, to: uid, at: now, in: store) { account in
                account.takeSignInLinkEmail(email, emailKey: emailKey)
            }
        }
    }

    /// Inside a write: checks a sign-in link's `code` for adding it to account `uid`, and uses it up.
    private func useSignInLink(_ code: String, email: String, emailKey: String, link: String,
                               for uid: String, binding: SessionBinding, in store: LocalStore, at now: Date)
        throws(AuthError) {
        try binding.requireSubject(uid)
        guard try store.account(uid: uid) != nil else { throw AuthError(.userNotFound) }
        try Self.checkSignInCode(code, emailKey: emailKey, in: store, at: now)
        if let owner = try store.account(emailKey: emailKey), owner.uid != uid {
            let credential = AuthCredential.emailLink(email: email, link: link)
            throw AuthError(.emailExists, conflict: AccountConflictInfo(email: email, credential: credential))
        }
        // What cannot succeed is said before a fresh sign-in is asked for (issue 31 item 8).
        try requireRecentSignIn(uid, binding: binding, in: store)
        try store.useOobCode(code)
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

extension AccountRecord {
    /// Takes a sign-in link's email, verified: it replaces another email, as in Firebase's emulator.
    mutating func takeSignInLinkEmail(_ email: String, emailKey: String) {
        if self.email?.lowercased() != emailKey { self.email = email }
        isEmailVerified = true
    }
}
