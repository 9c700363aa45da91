import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// The account with this uid, if any.
    public func account(uid: String) throws(AuthError) -> LocalAccount? {
        try withStore { store throws(AuthError) in
            try store.account(uid: uid).map { (record) throws(AuthError) in try Self.report(record, in: store) }
        }
    }

    /// The account registered under this email (any letter case), if any.
    ///
    /// Errors: MISSING_EMAIL, INVALID_EMAIL.
    public func account(email: String) throws(AuthError) -> LocalAccount? {
        let emailKey = try Credentials.emailKey(email)
        return try withStore { store throws(AuthError) in
            try store.account(emailKey: emailKey).map { (record) throws(AuthError) in
                try Self.report(record, in: store)
            }
        }
    }

    /// Changes account `uid`'s display name and photo URL: nil keeps a field, empty clears it.
    ///
    /// Errors: USER_NOT_FOUND.
    public func updateProfile(uid: String, displayName: String?, photoURL: String? = nil) throws(AuthError)
        -> LocalAccount {
        try updateProfile(uid: uid, displayName: displayName, photoURL: photoURL, binding: .detached)
    }

    func updateProfile(uid: String, displayName: String?, photoURL: String?, binding: SessionBinding)
        throws(AuthError) -> LocalAccount {
        try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            let account = try store.modifyAccount(uid: uid) { account in
                if let displayName { account.displayName = displayName.isEmpty ? nil : displayName }
                if let photoURL { account.photoURL = photoURL.isEmpty ? nil : photoURL }
            }
            return try Self.report(account, in: store)
        }
    }

    /// Disables (or enables again) account `uid`, as an administrator would: a disabled account cannot sign
    /// in, and its tokens stop working.
    ///
    /// Errors: USER_NOT_FOUND.
    public func setDisabled(_ disabled: Bool, uid: String) throws(AuthError) -> LocalAccount {
        try write { store throws(AuthError) in
            try Self.report(try store.modifyAccount(uid: uid) { $0.isDisabled = disabled }, in: store)
        }
    }

    /// Deletes account `uid` with its identities, session, pending codes and failed sign-ins; its refresh
    /// tokens stay behind and answer USER_NOT_FOUND.
    ///
    /// `authTime` is the last interactive sign-in of a user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    /// Errors: USER_NOT_FOUND, CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    public func deleteAccount(uid: String, authTime: Date? = nil) throws(AuthError) {
        try deleteAccount(uid: uid, binding: SessionBinding(authTime: authTime))
    }

    func deleteAccount(uid: String, binding: SessionBinding) throws(AuthError) {
        try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            try requireRecentSignIn(uid, binding: binding, in: store)
            try store.deleteAccount(uid: account.uid)
            if let emailKey = account.email?.lowercased() {
                try store.deleteOobCodes(emailKey: emailKey)
                try store.clearFailedSignIns(emailKey: emailKey)
            }
        }
    }

    /// Deletes every account (with identities, the session, failed sign-ins and refresh tokens); sent messages
    /// and pending codes are kept, as the Firebase emulator keeps them.
    public func deleteAllAccounts() throws(AuthError) {
        try write { store throws(AuthError) in try store.deleteAllAccounts() }
    }
}
