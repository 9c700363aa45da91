import AuthCore
import FoundationEssentials

/// The single signed-in account of a store, with how and when it signed in.
struct StoredSession: Sendable, Hashable {
    var account: AccountRecord
    var signInProvider: String
    var authTime: Date
    /// The second factor the sign-in proved, if any.
    var secondFactor: SecondFactorType?
}

extension LocalStore {
    /// The signed-in account, if any.
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

    /// Makes the current session count as signed in with `signInProvider` at `authTime`.
    func renewSession(signInProvider: String, authTime: Date) throws(AuthError) {
        try database.run("UPDATE session SET sign_in_provider = ?, auth_time = ? WHERE id = 1",
                         [.text(signInProvider), .date(authTime)])
    }

    /// Signs out.
    func clearSession() throws(AuthError) {
        try database.run("DELETE FROM session")
    }
}

extension LocalStore {
    /// The signed-in session, or USER_NOT_FOUND when nobody is signed in.
    func requireSession() throws(AuthError) -> StoredSession {
        guard let session = try session() else { throw AuthError(.userNotFound, detail: "no signed-in user") }
        return session
    }
}
