import AuthCore

extension LocalAuthClient {
    /// Changes the signed-in user's display name and photo URL: nil keeps a field, empty clears it.
    public func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            try self.engine.updateProfile(uid: try self.sessionUID(), displayName: displayName, photoURL: photoURL,
                                          binding: try self.binding()).user
        }
    }

    /// Deletes the signed-in account with its session, pending codes and failed sign-ins.
    public func deleteUser() async throws(AuthError) {
        try await perform { () throws(AuthError) in
            try self.engine.deleteAccount(uid: try self.sessionUID(), binding: try self.binding())
            self.adopt(nil)
        }
    }

    /// The signed-in account as the store has it now (verified email, linked methods, profile).
    ///
    /// Errors: USER_NOT_FOUND (signed out, or the account is gone).
    public func reload() async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            let uid = try self.sessionUID()
            return try self.engine.withStore { store throws(AuthError) in try store.requireAccount(uid: uid).user }
        }
    }

    /// "Emails" the signed-in user a link whose code `applyActionCode` accepts to mark the email verified.
    ///
    /// Errors: USER_NOT_FOUND (signed out), INVALID_EMAIL (the account has no email).
    public func sendEmailVerification() async throws(AuthError) {
        try await perform { () throws(AuthError) in
            _ = try self.engine.sendEmailVerification(uid: try self.sessionUID())
        }
    }

    /// Applies the code of an emailed action link (the whole link is accepted too): VERIFY_EMAIL marks the
    /// email verified.
    ///
    /// Errors: MISSING_OOB_CODE, INVALID_OOB_CODE (unknown, used, or not an action this applies),
    /// EXPIRED_OOB_CODE, USER_DISABLED.
    public func applyActionCode(_ code: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            _ = try self.engine.applyEmailVerification(code: OobCode.extract(from: code))
        }
    }

    /// Removes a sign-in method from the signed-in user; the last one stays.
    ///
    /// Errors: USER_NOT_FOUND (signed out), NO_SUCH_PROVIDER, LAST_SIGN_IN_METHOD.
    public func unlink(providerID: String) async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            try self.engine.unlink([providerID], uid: try self.sessionUID(), binding: try self.binding(),
                                   keepingOne: true).user
        }
    }
}
