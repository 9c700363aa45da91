import AuthCore
import FoundationEssentials

extension LocalStore {
    /// Records a "sent" email or SMS and returns it with its id.
    func send(kind: OutboxMessage.Kind, recipient: String, link: String?, code: String, at sentAt: Date)
        throws(AuthError) -> OutboxMessage {
        try database.run("INSERT INTO outbox (kind, recipient, link, code, sent_at) VALUES (?, ?, ?, ?, ?)",
                         [.text(kind.rawValue), .text(recipient), .text(link), .text(code), .date(sentAt)])
        return OutboxMessage(id: database.lastInsertRowID, kind: kind, recipient: recipient, link: link, code: code,
                             sentAt: sentAt)
    }

    /// How many messages of `kind` went to `recipient` at or after `start`.
    func sentCount(kind: OutboxMessage.Kind, recipient: String, since start: Date) throws(AuthError) -> Int {
        let count = try database.first(
            "SELECT COUNT(*) FROM outbox WHERE kind = ? AND recipient = ? AND sent_at >= ?",
            [.text(kind.rawValue), .text(recipient), .date(start)]) { $0.integer(0) }
        return Int(count ?? 0)
    }

    /// Every message sent so far, oldest first, each with its standing: used once its emailed code or texted code
    /// was used, else superseded when a later message of its kind went to the same recipient; rows of an unknown kind
    /// are skipped.
    func messages() throws(AuthError) -> [OutboxMessage] {
        try database.query("""
            SELECT m.id, m.kind, m.recipient, m.link, m.code, m.sent_at,
                EXISTS (SELECT 1 FROM oob_codes o WHERE o.code = m.code AND o.used = 1)
                    OR EXISTS (SELECT 1 FROM phone_verifications p WHERE m.kind = 'sms'
                               AND p.phone_number = m.recipient AND p.code = m.code AND p.used = 1),
                EXISTS (SELECT 1 FROM outbox later WHERE later.kind = m.kind AND later.recipient = m.recipient
                        AND later.id > m.id)
            FROM outbox m ORDER BY m.id
            """) { row in
            OutboxMessage.Kind(rawValue: row.text(1) ?? "").map { kind in
                OutboxMessage(id: row.integer(0), kind: kind, recipient: row.text(2) ?? "", link: row.text(3),
                              code: row.text(4) ?? "", sentAt: row.date(5) ?? Date(timeIntervalSince1970: 0),
                              standing: row.bool(6) ? .used : row.bool(7) ? .superseded : .current)
            }
        }.compactMap { $0 }
    }
}
