import AuthCore
import FoundationEssentials

/// A stored out-of-band code (emailed action code).
struct OobCodeRecord: Sendable, Hashable {
    var code: String
    var kind: OutboxMessage.Kind
    var emailKey: String
    var expiresAt: Date
    var isUsed: Bool
    /// The address a VERIFY_AND_CHANGE_EMAIL code changes the email to.
    var newEmail: String?
}

extension LocalStore {
    /// Stores a new unused code; `newEmail` is where a VERIFY_AND_CHANGE_EMAIL code changes the email to.
    func insertOobCode(_ code: String, kind: OutboxMessage.Kind, emailKey: String, newEmail: String? = nil,
                       expiresAt: Date) throws(AuthError) {
        try database.run("""
            INSERT INTO oob_codes (code, kind, email_key, expires_at, used, new_email) VALUES (?, ?, ?, ?, 0, ?)
            """, [.text(code), .text(kind.rawValue), .text(emailKey), .date(expiresAt), .text(newEmail)])
    }

    /// The stored code, if it exists and has a known kind.
    func oobCode(_ code: String) throws(AuthError) -> OobCodeRecord? {
        try database.first("SELECT code, kind, email_key, expires_at, used, new_email FROM oob_codes WHERE code = ?",
                           [.text(code)]) { row in
            OutboxMessage.Kind(rawValue: row.text(1) ?? "").map { kind in
                OobCodeRecord(code: row.text(0) ?? "", kind: kind, emailKey: row.text(2) ?? "",
                              expiresAt: row.date(3) ?? Date(timeIntervalSince1970: 0), isUsed: row.bool(4),
                              newEmail: row.text(5))
            }
        } ?? nil
    }

    /// Marks one code as used.
    func useOobCode(_ code: String) throws(AuthError) {
        try database.run("UPDATE oob_codes SET used = 1 WHERE code = ?", [.text(code)])
    }

    /// Marks every code of `kind` for the email as used (a completed reset voids the others too).
    func useOobCodes(emailKey: String, kind: OutboxMessage.Kind) throws(AuthError) {
        try database.run("UPDATE oob_codes SET used = 1 WHERE email_key = ? AND kind = ?",
                         [.text(emailKey), .text(kind.rawValue)])
    }

    /// Forgets every code sent to the email.
    func deleteOobCodes(emailKey: String) throws(AuthError) {
        try database.run("DELETE FROM oob_codes WHERE email_key = ?", [.text(emailKey)])
    }
}
