import AuthCore
import FoundationEssentials

extension LocalStore {
    /// The account an identity-provider identity (`providerID`, `subject`) is linked to.
    func uid(linkedTo providerID: String, subject: String) throws(AuthError) -> String? {
        try database.first("SELECT uid FROM federated_identities WHERE provider_id = ? AND subject = ?",
                           [.text(providerID), .text(subject)]) { $0.text(0) } ?? nil
    }

    /// Links an identity to an account, keeping the profile email and name the provider gave.
    func linkIdentity(_ identity: FederatedIdentity, to uid: String, at now: Date) throws(AuthError) {
        try database.run("""
            INSERT INTO federated_identities (provider_id, subject, uid, linked_at, email, display_name)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(identity.providerID), .text(identity.profile.subject), .text(uid), .date(now),
                  .text(identity.email), .text(identity.profile.displayName)])
    }

    /// The identities linked to an account, in link order.
    func identities(uid: String) throws(AuthError) -> [LinkedIdentity] {
        try database.query("""
            SELECT provider_id, subject, email, display_name FROM federated_identities
            WHERE uid = ? ORDER BY linked_at, rowid
            """, [.text(uid)]) { row in
            LinkedIdentity(providerID: row.text(0) ?? "", subject: row.text(1) ?? "", email: row.text(2),
                           displayName: row.text(3))
        }
    }

    /// Unlinks every identity of an account.
    func unlinkIdentities(uid: String) throws(AuthError) {
        try database.run("DELETE FROM federated_identities WHERE uid = ?", [.text(uid)])
    }
}

extension LocalStore {
    /// Links an identity an administrator asserts to an account.
    func linkIdentity(_ identity: LinkedIdentity, to uid: String, at now: Date) throws(AuthError) {
        try database.run("""
            INSERT INTO federated_identities (provider_id, subject, uid, linked_at, email, display_name)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(identity.providerID), .text(identity.subject), .text(uid), .date(now),
                  .text(identity.email), .text(identity.displayName)])
    }

    /// Unlinks an account's identity of one provider.
    func unlinkIdentity(_ providerID: String, uid: String) throws(AuthError) {
        try database.run("DELETE FROM federated_identities WHERE uid = ? AND provider_id = ?",
                         [.text(uid), .text(providerID)])
    }
}
