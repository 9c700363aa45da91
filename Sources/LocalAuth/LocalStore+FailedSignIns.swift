import AuthCore
import FoundationEssentials

extension LocalStore {
    /// How many failed sign-ins the email had at or after `start`.
    func failedSignInCount(emailKey: String, since start: Date) throws(AuthError) -> Int {
        let count = try database.first(
            "SELECT COUNT(*) FROM failed_sign_ins WHERE email_key = ? AND attempted_at >= ?",
            [.text(emailKey), .date(start)]) { $0.integer(0) }
        return Int(count ?? 0)
    }

    /// Records a failed sign-in and drops records older than `expiry` (they can no longer count).
    func recordFailedSignIn(emailKey: String, at moment: Date, forgettingBefore expiry: Date) throws(AuthError) {
        try database.run("DELETE FROM failed_sign_ins WHERE attempted_at < ?", [.date(expiry)])
        try database.run("INSERT INTO failed_sign_ins (email_key, attempted_at) VALUES (?, ?)",
                         [.text(emailKey), .date(moment)])
    }

    /// Forgets the email's failed sign-ins.
    func clearFailedSignIns(emailKey: String) throws(AuthError) {
        try database.run("DELETE FROM failed_sign_ins WHERE email_key = ?", [.text(emailKey)])
    }
}
