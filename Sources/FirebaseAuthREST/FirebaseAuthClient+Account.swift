import AuthCore
import Foundation

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
}
