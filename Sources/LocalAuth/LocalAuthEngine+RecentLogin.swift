import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// How long after an interactive sign-in sensitive changes are allowed by default (Firebase's 5 minutes).
    public static let defaultRecentLoginMaxAge: TimeInterval = 5 * 60

    /// Inside a write, before a sensitive change to account `uid` (delete, password or email change, link,
    /// unlink, second-factor enrolment or withdrawal): CREDENTIAL_TOO_OLD_LOGIN_AGAIN when the user's last
    /// interactive sign-in (the client session's or ID token's auth time; reauthentication renews it) is older
    /// than `recentLoginMaxAge`. Anonymous accounts and administrators are exempt.
    func requireRecentSignIn(_ uid: String, binding: SessionBinding, in store: LocalStore) throws(AuthError) {
        guard let authTime = try binding.authTime(of: uid), let account = try store.account(uid: uid),
              !account.isAnonymous else { return }
        let age = clock().timeIntervalSince(authTime)
        guard age <= recentLoginMaxAge else {
            // An auth time a caller passed may be past any range, or NaN (too old, then): the age is only described.
            let seconds = Int(exactly: age.rounded(.down)).map(String.init) ?? "\(age)"
            throw AuthError(.credentialTooOldLoginAgain, detail: "last sign-in \(seconds) s ago")
        }
    }
}
