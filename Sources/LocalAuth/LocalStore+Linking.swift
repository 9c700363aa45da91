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

    /// The signed-in account; USER_NOT_FOUND when it is no longer `uid` (signed out, or switched between an
    /// earlier check and this write).
    func requireSessionAccount(uid: String) throws(AuthError) -> AccountRecord {
        let account = try requireSession().account
        guard account.uid == uid else { throw AuthError(.userNotFound, detail: "signed-in user changed") }
        return account
    }
}
