import AuthCore
import FoundationEssentials

/// One row of `mfa_enrollments`: a factor with its secret (TOTP) or number (SMS).
struct EnrollmentRecord: Sendable, Hashable {
    var factor: EnrolledFactor
    var uid: String
    /// The base32 shared secret of a TOTP factor.
    var totpSecret: String?
}

/// One row of `mfa_pending_sign_ins`: a first-factor sign-in waiting for its second factor.
struct PendingSignInRecord: Sendable, Hashable {
    var uid: String
    var provider: String
    var authTime: Date
    var expiresAt: Date
    /// The claims of the custom token it signed in with, if any.
    var developerClaims: String?
}

/// One row of `mfa_sessions`: an enrolment under way (no pending credential) or a phone sign-in challenge.
struct FactorSessionRecord: Sendable, Hashable {
    var sessionInfo: String
    var uid: String
    var kind: SecondFactorType
    var phoneNumber: String?
    var totpSecret: String?
    /// For a sign-in challenge: the pending sign-in and the factor it proves.
    var pendingCredential: String?
    var enrollmentID: String?
    var expiresAt: Date
}

extension LocalStore {
    /// The factors of account `uid`, oldest first.
    func enrollments(uid: String) throws(AuthError) -> [EnrollmentRecord] {
        try database.query("""
            SELECT enrollment_id, kind, display_name, phone_number, enrolled_at, uid, totp_secret
            FROM mfa_enrollments WHERE uid = ? ORDER BY enrolled_at, rowid
            """, [.text(uid)]) { row in
            EnrollmentRecord(
                factor: EnrolledFactor(id: row.text(0) ?? "", kind: SecondFactorType(rawValue: row.text(1) ?? "")
                                       ?? .sms, displayName: row.text(2), phoneNumber: row.text(3),
                                       enrolledAt: row.date(4) ?? Date(timeIntervalSince1970: 0)),
                uid: row.text(5) ?? "", totpSecret: row.text(6))
        }
    }

    /// Stores a new factor.
    func insert(_ enrollment: EnrollmentRecord) throws(AuthError) {
        let factor = enrollment.factor
        try database.run("""
            INSERT INTO mfa_enrollments (enrollment_id, uid, kind, display_name, phone_number, totp_secret, enrolled_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(factor.id), .text(enrollment.uid), .text(factor.kind.rawValue), .text(factor.displayName),
                  .text(factor.phoneNumber), .text(enrollment.totpSecret), .date(factor.enrolledAt)])
    }

    /// Replaces every factor of account `uid` with `factors` (SMS ones: they carry no TOTP secret).
    func replaceEnrollments(uid: String, with factors: [EnrolledFactor]) throws(AuthError) {
        try database.run("DELETE FROM mfa_enrollments WHERE uid = ?", [.text(uid)])
        for factor in factors { try insert(EnrollmentRecord(factor: factor, uid: uid, totpSecret: nil)) }
    }

    /// Removes factor `id` of account `uid`; whether there was one.
    func deleteEnrollment(id: String, uid: String) throws(AuthError) -> Bool {
        try database.run("DELETE FROM mfa_enrollments WHERE enrollment_id = ? AND uid = ?", [.text(id), .text(uid)])
        return database.changes > 0
    }

    /// Stores a pending sign-in under `credential`, forgetting those that expired before `forgettingBefore`.
    func insertPendingSignIn(_ record: PendingSignInRecord, credential: String, forgettingBefore expiry: Date)
        throws(AuthError) {
        try database.run("DELETE FROM mfa_pending_sign_ins WHERE expires_at < ?", [.date(expiry)])
        try database.run("""
            INSERT INTO mfa_pending_sign_ins (credential, uid, sign_in_provider, auth_time, expires_at,
                                              developer_claims)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(credential), .text(record.uid), .text(record.provider), .date(record.authTime),
                  .date(record.expiresAt), .text(record.developerClaims)])
    }

    /// The pending sign-in with this credential.
    func pendingSignIn(credential: String) throws(AuthError) -> PendingSignInRecord? {
        try database.first("""
            SELECT uid, sign_in_provider, auth_time, expires_at, developer_claims
            FROM mfa_pending_sign_ins WHERE credential = ?
            """, [.text(credential)]) { row in
            PendingSignInRecord(uid: row.text(0) ?? "", provider: row.text(1) ?? "",
                                authTime: row.date(2) ?? Date(timeIntervalSince1970: 0),
                                expiresAt: row.date(3) ?? Date(timeIntervalSince1970: 0), developerClaims: row.text(4))
        }
    }

    /// Forgets a pending sign-in (it completed) and its phone challenges.
    func deletePendingSignIn(credential: String) throws(AuthError) {
        try database.run("DELETE FROM mfa_pending_sign_ins WHERE credential = ?", [.text(credential)])
        try database.run("DELETE FROM mfa_sessions WHERE pending_credential = ?", [.text(credential)])
    }

    /// Stores an enrolment or challenge session, forgetting those that expired before `forgettingBefore`.
    func insertFactorSession(_ record: FactorSessionRecord, forgettingBefore expiry: Date) throws(AuthError) {
        try database.run("DELETE FROM mfa_sessions WHERE expires_at < ?", [.date(expiry)])
        try database.run("""
            INSERT INTO mfa_sessions (session_info, uid, kind, phone_number, totp_secret, pending_credential,
                                      enrollment_id, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(record.sessionInfo), .text(record.uid), .text(record.kind.rawValue), .text(record.phoneNumber),
                  .text(record.totpSecret), .text(record.pendingCredential), .text(record.enrollmentID),
                  .date(record.expiresAt)])
    }

    /// The session with this session info.
    func factorSession(_ sessionInfo: String) throws(AuthError) -> FactorSessionRecord? {
        try database.first("""
            SELECT session_info, uid, kind, phone_number, totp_secret, pending_credential, enrollment_id, expires_at
            FROM mfa_sessions WHERE session_info = ?
            """, [.text(sessionInfo)]) { row in
            FactorSessionRecord(sessionInfo: row.text(0) ?? "", uid: row.text(1) ?? "",
                                kind: SecondFactorType(rawValue: row.text(2) ?? "") ?? .sms,
                                phoneNumber: row.text(3), totpSecret: row.text(4), pendingCredential: row.text(5),
                                enrollmentID: row.text(6), expiresAt: row.date(7) ?? Date(timeIntervalSince1970: 0))
        }
    }

    /// Forgets a session (its enrolment finished).
    func deleteFactorSession(_ sessionInfo: String) throws(AuthError) {
        try database.run("DELETE FROM mfa_sessions WHERE session_info = ?", [.text(sessionInfo)])
    }
}
