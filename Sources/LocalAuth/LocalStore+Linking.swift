import AuthCore

extension LocalStore {
    /// Links `providerID` to account `uid`, applying `change` first: the account stops being anonymous and
    /// lists the provider once (in link order).
    func link(_ providerID: String, to uid: String, _ change: (inout AccountRecord) throws(AuthError) -> Void)
        throws(AuthError) -> AccountRecord {
        try modifyAccount(uid: uid) { (account) throws(AuthError) in
            try change(&account)
            account.isAnonymous = false
            if !account.providerIDs.contains(providerID) { account.providerIDs.append(providerID) }
        }
    }

    /// The account with this uid; USER_NOT_FOUND when it has been deleted.
    func requireAccount(uid: String) throws(AuthError) -> AccountRecord {
        guard let account = try account(uid: uid) else { throw AuthError(.userNotFound, detail: "account deleted") }
        return account
    }
}
