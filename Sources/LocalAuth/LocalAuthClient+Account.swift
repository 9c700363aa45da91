import AuthCore

extension LocalAuthClient {
    /// Changes the signed-in user's display name (nil keeps it, empty clears it); the photo URL is not stored.
    public func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) -> User in
                    let uid = try store.requireSession().account.uid
                    return try store.modifyAccount(uid: uid) { account in
                        if let displayName { account.displayName = displayName.isEmpty ? nil : displayName }
                    }.user
                }
            }
        }
    }

    /// Deletes the signed-in account with its session, pending codes and failed sign-ins.
    public func deleteUser() async throws(AuthError) {
        try await perform { () throws(AuthError) in
            try self.withStore { store throws(AuthError) in
                try store.write { () throws(AuthError) in
                    let account = try store.requireSession().account
                    try store.deleteAccount(uid: account.uid)
                    if let emailKey = account.email?.lowercased() {
                        try store.deleteOobCodes(emailKey: emailKey)
                        try store.clearFailedSignIns(emailKey: emailKey)
                    }
                }
            }
        }
    }
}
