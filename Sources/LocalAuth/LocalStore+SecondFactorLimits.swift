import AuthCore
import FoundationEssentials

extension LocalStore {
    /// How many wrong second-factor codes account `uid` had at or after `start`.
    func failedSecondFactorCount(uid: String, since start: Date) throws(AuthError) -> Int {
        let count = try database.first(
            "SELECT COUNT(*) FROM failed_second_factors WHERE uid = ? AND attempted_at >= ?",
            [.text(uid), .date(start)]) { $0.integer(0) }
        return Int(count ?? 0)
    }

    /// Counts a wrong code against account `uid` and pending sign-in `credential`; returns the pending sign-in's
    /// wrong codes so far. Records older than `expiry` are dropped (they can no longer count).
    func recordWrongSecondFactorCode(uid: String, credential: String, at moment: Date,
                                     forgettingBefore expiry: Date) throws(AuthError) -> Int {
        try database.run("DELETE FROM failed_second_factors WHERE attempted_at < ?", [.date(expiry)])
        try database.run("INSERT INTO failed_second_factors (uid, attempted_at) VALUES (?, ?)",
                         [.text(uid), .date(moment)])
        try database.run(
            "UPDATE mfa_pending_sign_ins SET failed_attempts = failed_attempts + 1 WHERE credential = ?",
            [.text(credential)])
        let attempts = try database.first(
            "SELECT failed_attempts FROM mfa_pending_sign_ins WHERE credential = ?", [.text(credential)]
        ) { $0.integer(0) }
        return Int(attempts ?? 0)
    }

    /// The last TOTP time step factor `enrollmentID` of account `uid` accepted, if any.
    func lastUsedTOTPStep(enrollmentID: String, uid: String) throws(AuthError) -> Int64? {
        try database.first("SELECT last_used_step FROM mfa_enrollments WHERE enrollment_id = ? AND uid = ?",
                           [.text(enrollmentID), .text(uid)]) { $0.isNull(0) ? nil : $0.integer(0) } ?? nil
    }

    /// Remembers that factor `enrollmentID` of account `uid` accepted the code of time step `step`.
    func setLastUsedTOTPStep(_ step: Int64, enrollmentID: String, uid: String) throws(AuthError) {
        try database.run("UPDATE mfa_enrollments SET last_used_step = ? WHERE enrollment_id = ? AND uid = ?",
                         [.integer(step), .text(enrollmentID), .text(uid)])
    }
}
