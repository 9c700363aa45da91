import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// Changes the signed-in user's profile (`accounts:update`): nil keeps a field, empty removes it.
    public func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User {
        let user = try await withIDToken { (idToken) throws(AuthError) -> User in
            var body: [String: RequestValue] = ["idToken": .string(idToken)]
            var removed: [RequestValue] = []
            if let displayName {
                if displayName.isEmpty {
                    removed.append("DISPLAY_NAME")
                } else {
                    body["displayName"] = .string(displayName)
                }
            }
            if let photoURL {
                if photoURL.isEmpty { removed.append("PHOTO_URL") } else { body["photoUrl"] = .string(photoURL) }
            }
            if !removed.isEmpty { body["deleteAttribute"] = .array(removed) }
            try await post("v1/accounts:update", .object(body))
            return try await lookUpUser(idToken: idToken)
        }
        keep(user)
        return user
    }

    /// Deletes the signed-in account (`accounts:delete`) and ends the session.
    public func deleteUser() async throws(AuthError) {
        try await withIDToken { (idToken) throws(AuthError) in
            try await post("v1/accounts:delete", ["idToken": .string(idToken)])
        }
        forgetSession()
    }

    /// The signed-in user as the server has it now (`accounts:lookup`), which the session then keeps.
    public func reload() async throws(AuthError) -> User {
        let user = try await withIDToken { (idToken) throws(AuthError) -> User in
            try await lookUpUser(idToken: idToken)
        }
        keep(user)
        return user
    }

    /// Applies the code of an emailed action link (`accounts:update` with `oobCode`; the whole link is accepted
    /// too): VERIFY_EMAIL marks the email verified. `reload()` then shows it.
    public func applyActionCode(_ code: String) async throws(AuthError) {
        try await post("v1/accounts:update", ["oobCode": .string(OobCode.extract(from: code))])
    }

    /// Removes a sign-in method from the signed-in user (`accounts:update` with `deleteProvider`); the last one
    /// is refused before asking the server, which would leave the account impossible to sign in to.
    ///
    /// Errors: USER_NOT_FOUND (signed out), NO_SUCH_PROVIDER, LAST_SIGN_IN_METHOD, the server's
    /// (CREDENTIAL_TOO_OLD_LOGIN_AGAIN).
    public func unlink(providerID: String) async throws(AuthError) -> User {
        let user = try await withIDToken { (idToken) throws(AuthError) -> User in
            let providers = try await lookUpUser(idToken: idToken).providerIDs
            guard providers.contains(providerID) else { throw AuthError(.noSuchProvider, detail: providerID) }
            guard providers.contains(where: { $0 != providerID }) else { throw AuthError(.lastSignInMethod) }
            let body: RequestValue = ["idToken": .string(idToken), "deleteProvider": [.string(providerID)]]
            try await post("v1/accounts:update", body)
            return try await lookUpUser(idToken: idToken)
        }
        keep(user)
        return user
    }
}
