import AuthCore
import FoundationEssentials

/// The account an interface started on the store resumes: the last one signed in there, with how and when.
struct StoredSession: Sendable, Hashable {
    var account: AccountRecord
    var signInProvider: String
    var authTime: Date
    /// The second factor the sign-in proved, if any, and its enrolment id.
    var secondFactor: SecondFactorType?
    var secondFactorID: String?
    /// The last ID token minted for the session (cleared when the session starts or renews), if any.
    var idToken: String?
}

extension LocalStore {
    /// The session the next interface resumes, if any.
    func session() throws(AuthError) -> StoredSession? {
        let sql = """
            SELECT \(AccountRecord.columns), s.sign_in_provider, s.auth_time, s.second_factor, s.second_factor_id,
                s.id_token
            FROM session s JOIN accounts USING (uid) WHERE s.id = 1
            """
        let provider = AccountRecord.columnCount
        return try database.first(sql) { row in
            StoredSession(account: AccountRecord(row: row), signInProvider: row.text(provider) ?? "",
                          authTime: row.date(provider + 1) ?? Date(timeIntervalSince1970: 0),
                          secondFactor: row.text(provider + 2).flatMap(SecondFactorType.init(rawValue:)),
                          secondFactorID: row.text(provider + 3), idToken: row.text(provider + 4))
        }
    }

    /// Makes `uid` the signed-in account.
    func setSession(uid: String, signInProvider: String, authTime: Date, secondFactor: EnrolledFactor?)
        throws(AuthError) {
        try database.run("""
            INSERT INTO session (id, uid, sign_in_provider, auth_time, second_factor, second_factor_id, id_token)
            VALUES (1, ?, ?, ?, ?, ?, NULL)
            ON CONFLICT (id) DO UPDATE SET uid = excluded.uid, sign_in_provider = excluded.sign_in_provider,
                auth_time = excluded.auth_time, second_factor = excluded.second_factor,
                second_factor_id = excluded.second_factor_id, id_token = NULL
            """, [.text(uid), .text(signInProvider), .date(authTime), .text(secondFactor?.kind.rawValue),
                  .text(secondFactor?.id)])
    }

    /// Makes the session count as signed in with `signInProvider` at `authTime`, while it is still `uid`'s; its
    /// next ID token is minted anew.
    func renewSession(uid: String, signInProvider: String, authTime: Date) throws(AuthError) {
        try database.run("""
            UPDATE session SET sign_in_provider = ?, auth_time = ?, id_token = NULL WHERE id = 1 AND uid = ?
            """, [.text(signInProvider), .date(authTime), .text(uid)])
    }

    /// Keeps `idToken` as the session's current ID token, while the session is still `uid`'s.
    func setSessionIDToken(_ idToken: String, uid: String) throws(AuthError) {
        try database.run("UPDATE session SET id_token = ? WHERE id = 1 AND uid = ?", [.text(idToken), .text(uid)])
    }

    /// Signs `uid` out; a session another process has started since is left alone.
    func clearSession(uid: String) throws(AuthError) {
        try database.run("DELETE FROM session WHERE uid = ?", [.text(uid)])
    }
}
