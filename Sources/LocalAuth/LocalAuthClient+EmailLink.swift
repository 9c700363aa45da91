import AuthCore
import Foundation

extension LocalAuthClient {
    /// "Emails" a sign-in link to any well-formed address, account or not; its code works once, for one hour,
    /// and only with the email it was sent to.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL.
    public func sendSignInLink(email: String, settings: ActionCodeSettings) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            let emailKey = try Credentials.emailKey(email)
            let code = try SecureRandom.urlSafeToken()
            let now = self.clock()
            try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) in
                    try store.insertOobCode(code, kind: .emailSignIn, emailKey: emailKey,
                                            expiresAt: now.addingTimeInterval(Self.oobCodeLifetime))
                    _ = try store.send(kind: .emailSignIn, recipient: email,
                                       link: ActionLink.signIn(code: code, continueURL: settings.url), code: code,
                                       at: now)
                }
            }
        }
    }

    /// Whether `link` is an email sign-in link (`mode=signIn` with an `oobCode`), also inside a `link` parameter.
    public func isSignInLink(_ link: String) -> Bool {
        ActionLink.isSignIn(link)
    }

    /// Signs in with an emailed sign-in link (or its bare code): to the email's account, or to a new
    /// passwordless one; either way the email counts as verified.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL (malformed, or not the email the link was sent to), MISSING_OOB_CODE,
    /// INVALID_OOB_CODE (unknown or used), EXPIRED_OOB_CODE, USER_DISABLED.
    public func signIn(email: String, link: String) async throws(AuthError) -> SignInOutcome {
        try await perform { () throws(AuthError) -> SignInOutcome in
            let emailKey = try Credentials.emailKey(email)
            let code = OobCode.extract(from: link)
            let newUID = try SecureRandom.uid()
            let now = self.clock()
            let user = try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    try Self.checkSignInCode(code, emailKey: emailKey, in: store, at: now)
                    try store.useOobCode(code)
                    let uid: String
                    if let account = try store.account(emailKey: emailKey) {
                        guard !account.isDisabled else { throw AuthError(.userDisabled) }
                        uid = account.uid
                        _ = try store.modifyAccount(uid: uid) { account in
                            account.isEmailVerified = true
                            if !account.providerIDs.contains(SignInProvider.emailLink) {
                                account.providerIDs.append(SignInProvider.emailLink)
                            }
                        }
                    } else {
                        var account = AccountRecord(uid: newUID, email: email, passwordHash: nil, isAnonymous: false,
                                                    providerIDs: [SignInProvider.emailLink], createdAt: now)
                        account.isEmailVerified = true
                        try store.insert(account)
                        uid = newUID
                    }
                    return try store.startSession(uid: uid, signInProvider: SignInProvider.emailLink, at: now).user
                }
            }
            return .signedIn(user)
        }
    }

    /// Adds a sign-in link's email to the signed-in account (verified), keeping its uid; the code is used up.
    ///
    /// Errors: those of `signIn(email:link:)`, USER_NOT_FOUND (signed out), EMAIL_EXISTS with conflict info
    /// (another account has the email; the link stays usable), OPERATION_NOT_ALLOWED (a different email).
    func linkEmailLink(email: String, link: String) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            let emailKey = try Credentials.emailKey(email)
            let code = OobCode.extract(from: link)
            let now = self.clock()
            return try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    let account = try store.requireSession().account
                    try Self.checkSignInCode(code, emailKey: emailKey, in: store, at: now)
                    if let owner = try store.account(emailKey: emailKey), owner.uid != account.uid {
                        let credential = AuthCredential.emailLink(email: email, link: link)
                        throw AuthError(.emailExists,
                                        conflict: AccountConflictInfo(email: email, credential: credential))
                    }
                    guard account.email == nil || account.email?.lowercased() == emailKey else {
                        throw AuthError(.operationNotAllowed, detail: "link: the account has a different email")
                    }
                    try store.useOobCode(code)
                    return try store.link(SignInProvider.emailLink, to: account.uid) { account in
                        account.email = account.email ?? email
                        account.isEmailVerified = true
                    }.user
                }
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
            throw AuthError(.invalidEmail, detail: "the link was sent to a different email")
        }
    }
}
