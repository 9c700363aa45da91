import AuthCore

extension LocalStore {
    /// Links `providerID` to the signed-in account `uid`, applying `change` first: the account stops being
    /// anonymous, lists the provider once (in link order) and the session counts as signed in with it.
    func link(_ providerID: String, to uid: String, _ change: (inout AccountRecord) throws(AuthError) -> Void)
        throws(AuthError) -> AccountRecord {
        let linked = try modifyAccount(uid: uid) { (account) throws(AuthError) in
            try change(&account)
            account.isAnonymous = false
            if !account.providerIDs.contains(providerID) { account.providerIDs.append(providerID) }
        }
        try setSessionProvider(providerID)
        return linked
    }

    /// The signed-in account; USER_NOT_FOUND when it is no longer `uid` (signed out, or switched between an
    /// earlier check and this write).
    func requireSessionAccount(uid: String) throws(AuthError) -> AccountRecord {
        let account = try requireSession().account
        guard account.uid == uid else { throw AuthError(.userNotFound, detail: "signed-in user changed") }
        return account
    }
}
