import AuthCore
import Foundation

extension LocalStore {
    /// The account an identity-provider identity (`providerID`, `subject`) is linked to.
    func uid(linkedTo providerID: String, subject: String) throws(AuthError) -> String? {
        try database.first("SELECT uid FROM federated_identities WHERE provider_id = ? AND subject = ?",
                           [.text(providerID), .text(subject)]) { $0.text(0) } ?? nil
    }

    /// Links an identity to an account.
    func linkIdentity(providerID: String, subject: String, to uid: String, at now: Date) throws(AuthError) {
        try database.run(
            "INSERT INTO federated_identities (provider_id, subject, uid, linked_at) VALUES (?, ?, ?, ?)",
            [.text(providerID), .text(subject), .text(uid), .date(now)])
    }

    /// Unlinks every identity of an account.
    func unlinkIdentities(uid: String) throws(AuthError) {
        try database.run("DELETE FROM federated_identities WHERE uid = ?", [.text(uid)])
    }
}
