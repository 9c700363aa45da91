import AuthCore
import FoundationEssentials
import Dispatch

/// The embedded default backend: a `LocalAuthEngine` plus the store's single session.
///
/// Safe to share between tasks and between processes on the same file (see `LocalAuthEngine`).
/// Passwords are stored only as scrypt hashes.
public final class LocalAuthClient: AuthClient, MessageInbox {
    /// The session-free engine every operation runs on.
    let engine: LocalAuthEngine

    /// Opens (creating when missing) the store at `path`; `:memory:` gives a throwaway store.
    ///
    /// Missing folders are created only when `createsDirectories` says so (see `LocalAuthEngine`).
    /// `passwordHashing` sets the scrypt cost of new hashes (OWASP's by default; tests pass cheap ones);
    /// `recentLoginMaxAge` how old a sign-in may be for sensitive changes (5 minutes by default).
    /// `defersCheck` leaves most of the store's integrity check for `checkStore()` (see `LocalAuthEngine`): an
    /// interface reads the session for its first frame, then checks.
    public init(path: String, createsDirectories: Bool = false, clock: @escaping @Sendable () -> Date = Date.init,
                passwordHashing: ScryptParameters = .owasp,
                recentLoginMaxAge: TimeInterval = LocalAuthEngine.defaultRecentLoginMaxAge,
                defersCheck: Bool = false) throws(AuthError) {
        engine = try LocalAuthEngine(path: path, createsDirectories: createsDirectories, clock: clock,
                                     passwordHashing: passwordHashing, recentLoginMaxAge: recentLoginMaxAge,
                                     defersCheck: defersCheck)
    }

    /// Checks the store's pages now if `defersCheck` left that for later: STORAGE_FAILURE (`.damaged`) when one is
    /// damaged.
    public func checkStore() throws(AuthError) {
        try engine.checkStore()
    }

    /// `$XDG_DATA_HOME/fauth-tui/local.sqlite`, by default `~/.local/share/fauth-tui/local.sqlite`.
    public static func defaultStorePath(environment: [String: String]) -> String {
        StoreFile.defaultPath(environment: environment)
    }

    /// The uid of the signed-in account; USER_NOT_FOUND when signed out.
    func sessionUID() throws(AuthError) -> String {
        try engine.withStore { store throws(AuthError) in try store.requireSession().account.uid }
    }

    /// The signed-in account's uid and its last interactive sign-in, which sensitive changes check (see
    /// `LocalAuthEngine.requireRecentSignIn`); USER_NOT_FOUND when signed out.
    func sessionSignIn() throws(AuthError) -> (uid: String, authTime: Date) {
        let session = try engine.withStore { store throws(AuthError) in try store.requireSession() }
        return (session.account.uid, session.authTime)
    }

    /// Runs blocking work (SQLite locks, scrypt) on a dispatch queue, off Swift's cooperative thread pool.
    func perform<Result: Sendable>(_ work: @escaping @Sendable () throws(AuthError) -> Result)
        async throws(AuthError) -> Result {
        let outcome: Swift.Result<Result, AuthError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Swift.Result { () throws(AuthError) -> Result in try work() })
            }
        }
        return try outcome.get()
    }
}
