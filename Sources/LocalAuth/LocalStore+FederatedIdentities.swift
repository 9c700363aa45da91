import AuthCore
import FoundationEssentials

extension LocalStore {
    /// The account an identity-provider identity (`providerID`, `subject`) is linked to.
    func uid(linkedTo providerID: String, subject: String) throws(AuthError) -> String? {
        try database.first("SELECT uid FROM federated_identities WHERE provider_id = ? AND subject = ?",
                           [.text(providerID), .text(subject)]) { $0.text(0) } ?? nil
    }

    /// The account registered under `emailKey` (lowercased), else the first linked to an identity whose profile
    /// email it is, as Firebase finds users "by email or provider email".
    func account(emailOrIdentityEmail emailKey: String) throws(AuthError) -> AccountRecord? {
        if let account = try account(emailKey: emailKey) { return account }
        let uid = try database.first("""
            SELECT uid FROM federated_identities WHERE lower(email) = ? ORDER BY linked_at, rowid LIMIT 1
            """, [.text(emailKey)]) { $0.text(0) } ?? nil
        return try uid.flatMap { (uid) throws(AuthError) in try account(uid: uid) }
    }

    /// Links an identity to an account, keeping the profile the provider gave.
    func linkIdentity(_ identity: LinkedIdentity, to uid: String, at now: Date) throws(AuthError) {
        try database.run("""
            INSERT INTO federated_identities (provider_id, subject, uid, linked_at, email, display_name, photo_url,
                screen_name)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(identity.providerID), .text(identity.subject), .text(uid), .date(now),
                  .text(identity.email), .text(identity.displayName), .text(identity.photoURL),
                  .text(identity.screenName)])
    }

    /// Replaces the profile a linked identity keeps with the one its provider gives now.
    func updateProfile(of identity: LinkedIdentity) throws(AuthError) {
        try database.run("""
            UPDATE federated_identities SET email = ?, display_name = ?, photo_url = ?, screen_name = ?
            WHERE provider_id = ? AND subject = ?
            """, [.text(identity.email), .text(identity.displayName), .text(identity.photoURL),
                  .text(identity.screenName), .text(identity.providerID), .text(identity.subject)])
    }

    /// The identities linked to an account, in link order.
    func identities(uid: String) throws(AuthError) -> [LinkedIdentity] {
        try database.query("""
            SELECT provider_id, subject, email, display_name, photo_url, screen_name FROM federated_identities
            WHERE uid = ? ORDER BY linked_at, rowid
            """, [.text(uid)]) { row in
            LinkedIdentity(providerID: row.text(0) ?? "", subject: row.text(1) ?? "", email: row.text(2),
                           displayName: row.text(3), photoURL: row.text(4), screenName: row.text(5))
        }
    }

    /// Unlinks every identity of an account.
    func unlinkIdentities(uid: String) throws(AuthError) {
        try database.run("DELETE FROM federated_identities WHERE uid = ?", [.text(uid)])
    }

    /// Unlinks an account's identity of one provider.
    func unlinkIdentity(_ providerID: String, uid: String) throws(AuthError) {
        try database.run("DELETE FROM federated_identities WHERE uid = ? AND provider_id = ?",
                         [.text(uid), .text(providerID)])
    }
}
