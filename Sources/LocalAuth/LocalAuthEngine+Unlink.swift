import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// Removes sign-in methods from account `uid` as its signed-in user asks with an ID token (an administrator
    /// uses `updateAccount`): `password` forgets the password, `phone` the number, an identity provider its
    /// identity. As in Firebase, the last method may go too (the account can then no longer be signed in to);
    /// the session clients keep one (`LocalAuthClient.unlink`, `FirebaseAuthClient.unlink`).
    ///
    /// `authTime` is the last interactive sign-in of the user's ID token (see `requireRecentSignIn`).
    /// Errors: USER_NOT_FOUND, NO_SUCH_PROVIDER (a method that is not linked), CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    public func unlink(_ providerIDs: [String], uid: String, authTime: Date) throws(AuthError) -> LocalAccount {
        try unlink(providerIDs, uid: uid, binding: .token(authTime: authTime), keepingOne: false)
    }

    /// Removes sign-in methods as `unlink(_:uid:authTime:)` does; with `keepingOne`, removing the last is
    /// LAST_SIGN_IN_METHOD, so the account can still be signed in to.
    func unlink(_ providerIDs: [String], uid: String, binding: SessionBinding, keepingOne: Bool) throws(AuthError)
        -> LocalAccount {
        try write { store throws(AuthError) in
            try binding.requireSubject(uid)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            if let unknown = providerIDs.first(where: { !account.providerIDs.contains($0) }) {
                throw AuthError(.noSuchProvider, detail: unknown)
            }
            guard !keepingOne || account.providerIDs.contains(where: { !providerIDs.contains($0) }) else {
                throw AuthError(.lastSignInMethod)
            }
            try requireRecentSignIn(uid, binding: binding, in: store)
            let updated = try store.modifyAccount(uid: uid) { account in
                for providerID in providerIDs { Self.removeProvider(providerID, from: &account) }
            }
            for providerID in providerIDs { try store.unlinkIdentity(providerID, uid: uid) }
            return try Self.report(updated, in: store)
        }
    }

    /// Takes a sign-in method off a stored account, with what only it needed (the password hash, the phone
    /// number); the identity row of a provider is the caller's to delete.
    static func removeProvider(_ providerID: String, from account: inout AccountRecord) {
        account.providerIDs.removeAll { $0 == providerID }
        if providerID == ProviderID.password.rawValue { account.passwordHash = nil }
        if providerID == ProviderID.phone.rawValue { account.phoneNumber = nil }
    }
}
