import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// Signs in with an identity-provider credential, following Firebase's emulator with one account per email:
    ///
    /// - an identity linked to an account signs in to it (the identity keeps the profile the provider gives now);
    /// - else a profile email of an existing account, when the provider verified it: the identity is linked to
    ///   the account, whose email becomes verified and whose name, photo and screen name become the profile's;
    ///   an account whose email was not verified is taken over (password, phone and other providers dropped,
    ///   older tokens revoked). An unverified profile email gives ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL with
    ///   conflict info and no change;
    /// - else a new account with the profile's email, name, photo, screen name and verification flag.
    ///
    /// `allowingDuplicateEmails` (Firebase's `signIn.allowDuplicateEmails`) skips the second step, and a new
    /// account then keeps the profile email on its identity only, as Firebase's emulator does.
    ///
    /// Other errors: OPERATION_NOT_ALLOWED (not a simulated credential), INVALID_EMAIL, USER_DISABLED.
    /// An account with second factors answers with their challenge (after the identity is linked).
    public func signIn(identity credential: IdentityProviderCredential, allowingDuplicateEmails: Bool = false)
        throws(AuthError) -> LocalSignInOutcome {
        try signIn(identity: credential, allowingDuplicateEmails: allowingDuplicateEmails, binding: .detached)
    }

    func signIn(identity credential: IdentityProviderCredential, allowingDuplicateEmails: Bool = false,
                binding: SessionBinding) throws(AuthError) -> LocalSignInOutcome {
        let identity = try FederatedIdentity(credential)
        let newUID = SecureRandom.uid()
        let now = clock()
        return try write { store throws(AuthError) in
            let (account, isNew) = try Self.signInAccount(for: identity, credential: credential, newUID: newUID,
                                                          allowingDuplicateEmails: allowingDuplicateEmails,
                                                          in: store, at: now)
            return try binding.signIn(account, provider: identity.providerID, at: now, isNewUser: isNew, in: store)
        }
    }

    /// Links an identity to account `uid`, keeping its uid; an account without an email takes the profile's
    /// unless `allowingDuplicateEmails` (Firebase's `signIn.allowDuplicateEmails`).
    ///
    /// Errors: CREDENTIAL_ALREADY_IN_USE (linked to an account, this one included) and EMAIL_EXISTS (the profile
    /// email is another account's, unless `allowingDuplicateEmails`), both with conflict info;
    /// OPERATION_NOT_ALLOWED (another identity of the provider is linked, or not a simulated credential);
    /// USER_NOT_FOUND; CREDENTIAL_TOO_OLD_LOGIN_AGAIN (see `authTime` at `updatePassword`).
    public func linkIdentity(uid: String, _ credential: IdentityProviderCredential, authTime: Date? = nil,
                             allowingDuplicateEmails: Bool = false) throws(AuthError) -> LocalAccount {
        try linkIdentity(uid: uid, credential, allowingDuplicateEmails: allowingDuplicateEmails,
                         binding: SessionBinding(authTime: authTime))
    }

    func linkIdentity(uid: String, _ credential: IdentityProviderCredential, allowingDuplicateEmails: Bool = false,
                      binding: SessionBinding) throws(AuthError) -> LocalAccount {
        let identity = try FederatedIdentity(credential)
        let now = clock()
        return try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            let conflict = AccountConflictInfo(email: identity.email, credential: .identityProvider(credential))
            guard try store.uid(linkedTo: identity.providerID, subject: identity.profile.subject) == nil else {
                throw AuthError(.credentialAlreadyInUse, conflict: conflict)
            }
            guard !account.providerIDs.contains(identity.providerID) else {
                throw AuthError(.operationNotAllowed, detail: "link: \(identity.providerID) already linked")
            }
            if !allowingDuplicateEmails, let emailKey = identity.emailKey,
               let emailOwner = try store.account(emailKey: emailKey), emailOwner.uid != account.uid {
                throw AuthError(.emailExists, conflict: conflict)
            }
            // What cannot succeed is said before a fresh sign-in is asked for (issue 31 item 8).
            try requireRecentSignIn(uid, binding: binding, in: store)
            try store.linkIdentity(identity.linked, to: account.uid, at: now)
            return try binding.link(identity.providerID, to: account.uid, at: now, in: store) { account in
                if account.email == nil, !allowingDuplicateEmails {
                    account.email = identity.email
                    account.isEmailVerified = identity.hasVerifiedEmail
                } else if account.email?.lowercased() == identity.emailKey, identity.hasVerifiedEmail {
                    account.isEmailVerified = true
                }
                account.displayName = account.displayName ?? identity.profile.displayName
            }
        }
    }

    /// The account a provider sign-in lands in, linking, taking over or creating it as needed, and whether it
    /// was created.
    private static func signInAccount(for identity: FederatedIdentity, credential: IdentityProviderCredential,
                                      newUID: String, allowingDuplicateEmails: Bool, in store: LocalStore,
                                      at now: Date) throws(AuthError) -> (AccountRecord, Bool) {
        if let uid = try store.uid(linkedTo: identity.providerID, subject: identity.profile.subject) {
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            guard !account.isDisabled else { throw AuthError(.userDisabled) }
            try store.updateProfile(of: identity.linked)
            return (account, false)
        }
        if !allowingDuplicateEmails, let emailKey = identity.emailKey,
           let existing = try store.account(emailKey: emailKey) {
            guard identity.hasVerifiedEmail else {
                throw AuthError(.accountExistsWithDifferentCredential,
                                conflict: AccountConflictInfo(email: identity.email,
                                                              credential: .identityProvider(credential)))
            }
            guard !existing.isDisabled else { throw AuthError(.userDisabled) }
            if !existing.isEmailVerified { try store.unlinkIdentities(uid: existing.uid) }
            let account = try store.modifyAccount(uid: existing.uid) { account in
                if account.isEmailVerified {
                    account.providerIDs.append(identity.providerID)
                } else {
                    account.passwordHash = nil
                    account.phoneNumber = nil
                    account.providerIDs = [identity.providerID]
                    account.validSince = now
                }
                account.isEmailVerified = true
                account.takeProfile(of: identity)
            }
            if !existing.isEmailVerified { try store.revokeRefreshTokens(uid: existing.uid) }
            try store.linkIdentity(identity.linked, to: existing.uid, at: now)
            return (account, false)
        }
        var account = AccountRecord(uid: newUID, email: allowingDuplicateEmails ? nil : identity.email,
                                    passwordHash: nil, isAnonymous: false, providerIDs: [identity.providerID],
                                    createdAt: now)
        account.isEmailVerified = !allowingDuplicateEmails && identity.hasVerifiedEmail
        account.takeProfile(of: identity)
        try store.insert(account)
        try store.linkIdentity(identity.linked, to: newUID, at: now)
        return (account, true)
    }

    /// The account registered under `email`, else the first with an identity of that profile email.
    ///
    /// Errors: INVALID_EMAIL.
    public func account(emailOrIdentityEmail email: String) throws(AuthError) -> LocalAccount? {
        let emailKey = try Credentials.emailKey(email)
        return try withStore { store throws(AuthError) in
            try store.account(emailOrIdentityEmail: emailKey).map { (record) throws(AuthError) in
                try Self.report(record, in: store)
            }
        }
    }
}

extension AccountRecord {
    /// Takes the name, photo and screen name an identity provider gives, clearing those it does not.
    mutating func takeProfile(of identity: FederatedIdentity) {
        displayName = identity.profile.displayName
        photoURL = identity.profile.photoURL
        screenName = identity.profile.screenName
    }
}
