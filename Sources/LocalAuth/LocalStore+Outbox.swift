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

    /// Every message sent so far, oldest first; rows of an unknown kind are skipped.
    func messages() throws(AuthError) -> [OutboxMessage] {
        try database.query("SELECT id, kind, recipient, link, code, sent_at FROM outbox ORDER BY id") { row in
            OutboxMessage.Kind(rawValue: row.text(1) ?? "").map { kind in
                OutboxMessage(id: row.integer(0), kind: kind, recipient: row.text(2) ?? "", link: row.text(3),
                              code: row.text(4) ?? "", sentAt: row.date(5) ?? Date(timeIntervalSince1970: 0))
            }
        }.compactMap { $0 }
    }
}
