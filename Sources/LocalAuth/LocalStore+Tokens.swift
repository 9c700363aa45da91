import AuthCore
import FoundationEssentials

/// A stored refresh token: whose it is and which sign-in it continues.
struct RefreshTokenRecord: Sendable, Hashable {
    var uid: String
    var signInProvider: String
    var authTime: Date
    var isRevoked: Bool
    /// The second factor the sign-in used (`phone`, `totp`) and its enrolment id, if any.
    var secondFactor: String?
    var secondFactorID: String?
    /// The claims of the custom token the sign-in used (a JSON object's text), if any.
    var developerClaims: String?
}

extension LocalStore {
    /// The secret called `name`, created from `make` on first use (also when another process races us).
    func secret(named name: String, make: () throws(AuthError) -> String) throws(AuthError) -> String {
        if let value = try storedSecret(named: name) { return value }
        try database.run("INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)", [.text(name), .text(try make())])
        guard let value = try storedSecret(named: name) else {
            throw AuthError(.storageFailure, detail: "secret \(name) was not stored")
        }
        return value
    }

    /// The stored secret called `name`, if any.
    private func storedSecret(named name: String) throws(AuthError) -> String? {
        try database.first("SELECT value FROM secrets WHERE name = ?", [.text(name)]) { $0.text(0) } ?? nil
    }

    /// Refresh tokens an account keeps; a new one past this drops the oldest, so a store signed in to for ever
    /// stays bounded (Firebase's tokens expire only by revocation; 212,665 sign-ins had grown the store 63 MB).
    static let refreshTokensPerAccount = 100

    /// Stores a refresh token by its digest, dropping the account's oldest beyond `refreshTokensPerAccount`.
    func insertRefreshToken(digest: String, record: RefreshTokenRecord, issuedAt: Date) throws(AuthError) {
        try database.run("""
            INSERT INTO refresh_tokens (digest, uid, sign_in_provider, auth_time, issued_at, revoked, second_factor,
                                        second_factor_id, developer_claims)
            VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)
            """, [.text(digest), .text(record.uid), .text(record.signInProvider), .date(record.authTime),
                  .date(issuedAt), .text(record.secondFactor), .text(record.secondFactorID),
                  .text(record.developerClaims)])
        try database.run("""
            DELETE FROM refresh_tokens WHERE uid = ?1 AND rowid NOT IN (
                SELECT rowid FROM refresh_tokens WHERE uid = ?1 ORDER BY issued_at DESC, rowid DESC LIMIT ?2)
            """, [.text(record.uid), .integer(Int64(Self.refreshTokensPerAccount))])
    }

    /// The refresh token with this digest, if it was ever issued (and its account not wiped).
    func refreshToken(digest: String) throws(AuthError) -> RefreshTokenRecord? {
        try database.first("""
            SELECT uid, sign_in_provider, auth_time, revoked, second_factor, second_factor_id, developer_claims
            FROM refresh_tokens WHERE digest = ?
            """, [.text(digest)]) { row in
            RefreshTokenRecord(uid: row.text(0) ?? "", signInProvider: row.text(1) ?? "",
                               authTime: row.date(2) ?? Date(timeIntervalSince1970: 0), isRevoked: row.bool(3),
                               secondFactor: row.text(4), secondFactorID: row.text(5), developerClaims: row.text(6))
        }
    }

    /// Revokes every refresh token of an account.
    func revokeRefreshTokens(uid: String) throws(AuthError) {
        try database.run("UPDATE refresh_tokens SET revoked = 1 WHERE uid = ?", [.text(uid)])
    }
}
