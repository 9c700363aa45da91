import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// Creates an account as an administrator does: any of email, password, phone, profile, verification and
    /// disabled state, with a chosen uid or a random one. The account does not sign in.
    ///
    /// Errors: DUPLICATE_LOCAL_ID (as OPERATION_NOT_ALLOWED with that detail), EMAIL_EXISTS,
    /// PHONE_NUMBER_EXISTS, INVALID_EMAIL, WEAK_PASSWORD, INVALID_PHONE_NUMBER.
    public func createAccount(_ fields: AccountChanges) throws(AuthError) -> LocalAccount {
        let hash = try newPasswordHash(fields.password, for: fields.uid ?? "")
        return try insertAccount(fields, passwordHash: hash, identities: [], createdAt: clock(), replacing: false)
    }

    /// Imports an account from another system (`accounts:batchCreate`): its fields, a password hash of
    /// another algorithm (checked at sign-in; else `fields.password` is hashed), its creation time and
    /// identities. With `replacing`, an account with the same uid is replaced; otherwise the uid must be free.
    ///
    /// Errors: as `createAccount`.
    public func importAccount(_ fields: AccountChanges, passwordHash: ImportedPasswordHash?,
                              identities: [LinkedIdentity], createdAt: Date?, replacing: Bool) throws(AuthError)
        -> LocalAccount {
        var hash = passwordHash?.encoded
        if hash == nil { hash = try newPasswordHash(fields.password, for: fields.uid ?? "") }
        return try insertAccount(fields, passwordHash: hash, identities: identities, createdAt: createdAt ?? clock(),
                                 replacing: replacing)
    }

    private func insertAccount(_ fields: AccountChanges, passwordHash: String?, identities: [LinkedIdentity],
                               createdAt: Date, replacing: Bool) throws(AuthError) -> LocalAccount {
        let uid: String
        if let chosen = fields.uid { uid = chosen } else { uid = SecureRandom.uid() }
        let now = clock()
        return try write { store throws(AuthError) in
            if try store.account(uid: uid) != nil {
                guard replacing else { throw AuthError(.operationNotAllowed, detail: Self.duplicateLocalID) }
                try store.deleteAccount(uid: uid)
            }
            try store.insert(AccountRecord(uid: uid, email: nil, passwordHash: nil, isAnonymous: false,
                                           providerIDs: [], createdAt: createdAt))
            var record = try store.modifyAccount(uid: uid) { (account) throws(AuthError) in
                try Self.apply(fields, passwordHash: passwordHash, to: &account, at: now, in: store)
            }
            if let factors = fields.secondFactors { try store.replaceEnrollments(uid: uid, with: factors) }
            for identity in identities {
                if try store.uid(linkedTo: identity.providerID, subject: identity.subject) != nil {
                    throw AuthError(.federatedUserIdAlreadyLinked)
                }
                try store.linkIdentity(identity, to: uid, at: now)
                record = try store.link(identity.providerID, to: uid) { _ in }
            }
            return try Self.report(record, in: store)
        }
    }

    /// Changes an account as an administrator does (see `AccountChanges`); a new password or `validSince`
    /// revokes the account's refresh tokens. A changed email is kept as the account's `initialEmail` the first
    /// time (not for guests), and that address gets a RECOVER_EMAIL link on every change. With `authTime`, the
    /// account's own user changes it with an ID token: a new password or email then needs that sign-in to be
    /// recent (see `requireRecentSignIn`).
    ///
    /// Errors: USER_NOT_FOUND, EMAIL_EXISTS, PHONE_NUMBER_EXISTS, INVALID_EMAIL, WEAK_PASSWORD,
    /// INVALID_PHONE_NUMBER, FEDERATED_USER_ID_ALREADY_LINKED, CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    public func updateAccount(uid: String, _ changes: AccountChanges, authTime: Date? = nil) throws(AuthError)
        -> LocalAccount {
        let hash = try newPasswordHash(changes.password, for: uid)
        let now = clock()
        return try write { store throws(AuthError) in
            if changes.password != nil || changes.email != nil {
                try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            }
            let previousEmail = try store.account(uid: uid)?.email
            let record = try store.modifyAccount(uid: uid) { (account) throws(AuthError) in
                try Self.apply(changes, passwordHash: hash, to: &account, at: now, in: store)
            }
            if changes.email != nil, record.email?.lowercased() != previousEmail?.lowercased() {
                try Self.sendEmailRecovery(for: record, in: store, at: now)
            }
            if hash != nil || changes.validSince != nil { try store.revokeRefreshTokens(uid: uid) }
            if let factors = changes.secondFactors { try store.replaceEnrollments(uid: uid, with: factors) }
            for providerID in changes.unlinkedProviders { try store.unlinkIdentity(providerID, uid: uid) }
            if let identity = changes.linkedIdentity {
                if let owner = try store.uid(linkedTo: identity.providerID, subject: identity.subject), owner != uid {
                    throw AuthError(.federatedUserIdAlreadyLinked)
                }
                try store.unlinkIdentity(identity.providerID, uid: uid)
                try store.linkIdentity(identity, to: uid, at: now)
            }
            return try Self.report(record, in: store)
        }
    }

    /// Revokes every refresh token of account `uid` and every ID token issued before now.
    ///
    /// Errors: USER_NOT_FOUND.
    public func revokeTokens(uid: String) throws(AuthError) -> LocalAccount {
        var changes = AccountChanges()
        changes.validSince = clock()
        return try updateAccount(uid: uid, changes)
    }

    /// Up to `limit` accounts in uid order, starting after `uid` (nil: from the first).
    public func accounts(after uid: String?, limit: Int) throws(AuthError) -> [LocalAccount] {
        try withStore { store throws(AuthError) in
            try store.accounts(after: uid, limit: limit).map { (record) throws(AuthError) in
                try Self.report(record, in: store)
            }
        }
    }

    /// How many accounts there are.
    public func accountCount() throws(AuthError) -> Int {
        try withStore { store throws(AuthError) in try store.accountCount() }
    }

    /// The account linked to this phone number, if any.
    ///
    /// Errors: INVALID_PHONE_NUMBER.
    public func account(phoneNumber: String) throws(AuthError) -> LocalAccount? {
        let number = try Credentials.phoneNumber(phoneNumber)
        return try withStore { store throws(AuthError) in
            try store.account(phoneNumber: number).map { (record) throws(AuthError) in
                try Self.report(record, in: store)
            }
        }
    }

    /// The account an identity-provider identity is linked to, if any.
    public func account(providerID: String, subject: String) throws(AuthError) -> LocalAccount? {
        try withStore { store throws(AuthError) in
            guard let uid = try store.uid(linkedTo: providerID, subject: subject),
                  let record = try store.account(uid: uid) else { return nil }
            return try Self.report(record, in: store)
        }
    }

    /// Signs in to account `uid` as a custom token asks, creating the account when it does not exist; the
    /// token's `developerClaims` (a JSON object's text) stay with the sign-in, also past a second factor.
    ///
    /// Errors: USER_DISABLED. An account with second factors answers with their challenge.
    public func signIn(customTokenUID uid: String, developerClaims: String? = nil) throws(AuthError)
        -> LocalSignInOutcome {
        let now = clock()
        return try write { store throws(AuthError) in
            var isNew = false
            if try store.account(uid: uid) == nil {
                try store.insert(AccountRecord(uid: uid, email: nil, passwordHash: nil, isAnonymous: false,
                                               providerIDs: [], createdAt: now))
                isNew = true
            }
            guard let record = try store.account(uid: uid), !record.isDisabled else {
                throw AuthError(.userDisabled)
            }
            return try SessionBinding.detached.signIn(record, provider: "custom", developerClaims: developerClaims,
                                                      at: now, isNewUser: isNew, in: store)
        }
    }

    /// The hash of `account`'s new password, checked for strength; nil when none is given.
    private func newPasswordHash(_ password: String?, for account: String) throws(AuthError) -> String? {
        guard let password else { return nil }
        try Credentials.requireStrongPassword(password)
        return try hasher.hash(password, for: account)
    }

    /// The detail of the error for a uid that is taken.
    public static let duplicateLocalID = "DUPLICATE_LOCAL_ID"

    /// Applies administrator changes to a stored account, checking that email, phone stay unique.
    private static func apply(_ changes: AccountChanges, passwordHash: String?, to account: inout AccountRecord,
                              at now: Date, in store: LocalStore) throws(AuthError) {
        if let email = changes.email {
            let key = try Credentials.emailKey(email)
            if let owner = try store.account(emailKey: key), owner.uid != account.uid {
                throw AuthError(.emailExists)
            }
            if account.email?.lowercased() != key {
                account.isEmailVerified = false
                if account.initialEmail == nil, !account.isAnonymous { account.initialEmail = account.email }
            }
            account.email = email
        }
        if let passwordHash {
            guard account.email != nil else {
                throw AuthError(.operationNotAllowed, detail: "a password needs an email")
            }
            setPassword(passwordHash, on: &account, at: now)
        }
        if let phone = changes.phoneNumber { try setPhone(phone, on: &account, in: store) }
        if let name = changes.displayName { account.displayName = name.isEmpty ? nil : name }
        if let photo = changes.photoURL { account.photoURL = photo.isEmpty ? nil : photo }
        if let verified = changes.isEmailVerified { account.isEmailVerified = verified }
        if let disabled = changes.isDisabled { account.isDisabled = disabled }
        if let claims = changes.customAttributes {
            account.customAttributes = claims.isEmpty || claims == "{}" ? nil : claims
        }
        if let validSince = changes.validSince { account.validSince = validSince }
        for providerID in changes.unlinkedProviders { removeProvider(providerID, from: &account) }
        if let identity = changes.linkedIdentity, !account.providerIDs.contains(identity.providerID) {
            account.providerIDs.append(identity.providerID)
        }
        if account.email != nil, passwordHash != nil || changes.email != nil,
           !account.providerIDs.contains(ProviderID.password.rawValue), account.passwordHash != nil {
            account.providerIDs.append(ProviderID.password.rawValue)
        }
        account.isAnonymous = account.isAnonymous && account.providerIDs.isEmpty
    }

    /// Links (or, with an empty number, unlinks) a phone number, which must be free.
    private static func setPhone(_ phone: String, on account: inout AccountRecord, in store: LocalStore)
        throws(AuthError) {
        guard !phone.isEmpty else {
            account.phoneNumber = nil
            account.providerIDs.removeAll { $0 == ProviderID.phone.rawValue }
            return
        }
        let number = try Credentials.phoneNumber(phone)
        if let owner = try store.account(phoneNumber: number), owner.uid != account.uid {
            throw AuthError(.phoneNumberExists)
        }
        account.phoneNumber = number
        let phone = ProviderID.phone.rawValue
        if !account.providerIDs.contains(phone) { account.providerIDs.append(phone) }
    }
}
