import AuthCore
import FoundationEssentials

/// The account an interface started on the store resumes: the last one signed in there, with how and when.
struct StoredSession: Sendable, Hashable {
    var account: AccountRecord
    var signInProvider: String
    var authTime: Date
    /// The second factor the sign-in proved, if any.
    var secondFactor: SecondFactorType?
}

extension LocalStore {
    /// The session the next interface resumes, if any.
    func session() throws(AuthError) -> StoredSession? {
        let sql = """
            SELECT \(AccountRecord.columns), s.sign_in_provider, s.auth_time, s.second_factor
            FROM session s JOIN accounts USING (uid) WHERE s.id = 1
            """
        let provider = AccountRecord.columnCount
        return try database.first(sql) { row in
            StoredSession(account: AccountRecord(row: row), signInProvider: row.text(provider) ?? "",
                          authTime: row.date(provider + 1) ?? Date(timeIntervalSince1970: 0),
                          secondFactor: row.text(provider + 2).flatMap(SecondFactorType.init(rawValue:)))
        }
    }

    /// Makes `uid` the signed-in account.
    func setSession(uid: String, signInProvider: String, authTime: Date, secondFactor: SecondFactorType?)
        throws(AuthError) {
        try database.run("""
            INSERT INTO session (id, uid, sign_in_provider, auth_time, second_factor) VALUES (1, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET uid = excluded.uid, sign_in_provider = excluded.sign_in_provider,
                auth_time = excluded.auth_time, second_factor = excluded.second_factor
            """, [.text(uid), .text(signInProvider), .date(authTime), .text(secondFactor?.rawValue)])
    }

    /// Makes the session count as signed in with `signInProvider` at `authTime`, while it is still `uid`'s.
    func renewSession(uid: String, signInProvider: String, authTime: Date) throws(AuthError) {
        try database.run("UPDATE session SET sign_in_provider = ?, auth_time = ? WHERE id = 1 AND uid = ?",
                         [.text(signInProvider), .date(authTime), .text(uid)])
    }

    /// Signs `uid` out; a session another process has started since is left alone.
    func clearSession(uid: String) throws(AuthError) {
        try database.run("DELETE FROM session WHERE uid = ?", [.text(uid)])
    }
}
