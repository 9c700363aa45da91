import AuthCore

extension LocalAuthClient {
    /// Changes the signed-in user's display name (nil keeps it, empty clears it); the photo URL is not stored.
    public func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            try self.engine.updateProfile(uid: try self.sessionUID(), displayName: displayName,
                                          binding: .storeSession).user
        }
    }

    /// Deletes the signed-in account with its session, pending codes and failed sign-ins.
    public func deleteUser() async throws(AuthError) {
        try await perform { () throws(AuthError) in
            try self.engine.deleteAccount(uid: try self.sessionUID(), binding: .storeSession)
        }
    }
}
