import AuthCore
import FoundationEssentials

extension LocalStore {
    /// Unused, unexpired emailed codes with the message that carried each, oldest first.
    func pendingOobCodes(at now: Date) throws(AuthError) -> [PendingOobCode] {
        try database.query("""
            SELECT o.kind, m.recipient, o.code, m.link, m.sent_at, o.new_email
            FROM oob_codes o JOIN outbox m ON m.code = o.code
            WHERE o.used = 0 AND o.expires_at > ? ORDER BY m.id
            """, [.date(now)]) { row in
            OutboxMessage.Kind(rawValue: row.text(0) ?? "").map { kind in
                PendingOobCode(kind: kind, email: row.text(1) ?? "", code: row.text(2) ?? "", link: row.text(3),
                               sentAt: row.date(4), newEmail: row.text(5))
            }
        }.compactMap { $0 }
    }

    /// Unused, unexpired SMS codes (not the proofs minted for conflicts) that have had fewer than
    /// `maximumWrongCodes` wrong guesses, oldest first.
    func pendingPhoneCodes(at now: Date, maximumWrongCodes: Int) throws(AuthError) -> [PendingPhoneCode] {
        try database.query("""
            SELECT p.phone_number, p.code, p.session_info, (SELECT MAX(m.sent_at) FROM outbox m
                WHERE m.kind = 'sms' AND m.recipient = p.phone_number AND m.code = p.code)
            FROM phone_verifications p
            WHERE p.used = 0 AND p.expires_at > ? AND p.failed_attempts < ? AND EXISTS (
                SELECT 1 FROM outbox m WHERE m.kind = 'sms' AND m.recipient = p.phone_number AND m.code = p.code)
            ORDER BY p.rowid
            """, [.date(now), .integer(Int64(maximumWrongCodes))]) { row in
            PendingPhoneCode(phoneNumber: row.text(0) ?? "", code: row.text(1) ?? "", sessionInfo: row.text(2) ?? "",
                             sentAt: row.date(3))
        }
    }

    /// Deletes every account and what hangs off accounts; the outbox and pending codes stay.
    func deleteAllAccounts() throws(AuthError) {
        try database.execute("""
            DELETE FROM session; DELETE FROM federated_identities; DELETE FROM refresh_tokens;
            DELETE FROM failed_sign_ins; DELETE FROM accounts;
            """)
    }
}
