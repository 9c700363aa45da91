import AuthCore
import FoundationEssentials

/// A code sent by SMS (or minted as a proof) for one phone number, identified by its session info.
struct PhoneVerificationRecord: Sendable, Hashable {
    var sessionInfo: String
    var phoneNumber: String
    var code: String
    var expiresAt: Date
    var failedAttempts: Int
    var isUsed: Bool
}

extension LocalStore {
    /// Stores a new unused verification and forgets those that expired before `forgettingBefore`.
    func insertPhoneVerification(_ record: PhoneVerificationRecord, forgettingBefore expiry: Date) throws(AuthError) {
        try database.run("DELETE FROM phone_verifications WHERE expires_at < ?", [.date(expiry)])
        try database.run("""
            INSERT INTO phone_verifications (session_info, phone_number, code, expires_at, failed_attempts, used)
            VALUES (?, ?, ?, ?, 0, 0)
            """, [.text(record.sessionInfo), .text(record.phoneNumber), .text(record.code), .date(record.expiresAt)])
    }

    /// The verification with this session info.
    func phoneVerification(_ sessionInfo: String) throws(AuthError) -> PhoneVerificationRecord? {
        try database.first("""
            SELECT session_info, phone_number, code, expires_at, failed_attempts, used
            FROM phone_verifications WHERE session_info = ?
            """, [.text(sessionInfo)]) { row in
            PhoneVerificationRecord(sessionInfo: row.text(0) ?? "", phoneNumber: row.text(1) ?? "",
                                    code: row.text(2) ?? "", expiresAt: row.date(3) ?? Date(timeIntervalSince1970: 0),
                                    failedAttempts: Int(row.integer(4)), isUsed: row.bool(5))
        }
    }

    /// Counts one wrong code against the verification.
    func recordWrongPhoneCode(_ sessionInfo: String) throws(AuthError) {
        try database.run("UPDATE phone_verifications SET failed_attempts = failed_attempts + 1 WHERE session_info = ?",
                         [.text(sessionInfo)])
    }

    /// Marks the verification as used.
    func usePhoneVerification(_ sessionInfo: String) throws(AuthError) {
        try database.run("UPDATE phone_verifications SET used = 1 WHERE session_info = ?", [.text(sessionInfo)])
    }
}
