import AuthCore
import FoundationEssentials
import Dispatch
import Synchronization

/// The embedded default backend: a `LocalAuthEngine` plus this process's own session.
///
/// Safe to share between tasks and between processes on the same file (see `LocalAuthEngine`). Like a Firebase
/// client, each client acts on the account it signed in to (or found signed in when it started), whoever signs
/// in with another client on the same store since; the store keeps the last sign-in for the next start.
/// Passwords are stored only as scrypt hashes.
public final class LocalAuthClient: AuthClient, MessageInbox {
    /// The session-free engine every operation runs on.
    let engine: LocalAuthEngine
    /// The project its ID tokens are issued for (`aud`): the one `fauth-tui emulator` serves from the store.
    public let projectID: String
    /// This client's session: nil until first read from the store's session, then `.some(nil)` when signed out.
    private let session = Mutex<ClientSession??>(nil)

    /// Opens (creating when missing) the store at `path`; `:memory:` gives a throwaway store.
    ///
    /// Missing folders are created only when `createsDirectories` says so (see `LocalAuthEngine`).
    /// `passwordHashing` sets the scrypt cost of new hashes (OWASP's by default; tests pass cheap ones);
    /// `recentLoginMaxAge` how old a sign-in may be for sensitive changes (5 minutes by default).
    /// `defersCheck` leaves most of the store's integrity check for `checkStore()` (see `LocalAuthEngine`): an
    /// interface reads the session for its first frame, then checks. ID tokens are issued for `projectID`.
    public init(path: String, createsDirectories: Bool = false, clock: @escaping @Sendable () -> Date = Date.init,
                passwordHashing: ScryptParameters = .owasp,
                recentLoginMaxAge: TimeInterval = LocalAuthEngine.defaultRecentLoginMaxAge,
                defersCheck: Bool = false, projectID: String = IDToken.defaultProjectID) throws(AuthError) {
        self.projectID = projectID
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

    /// This client's session, read from the store's on first use (without making a fresh throwaway store).
    func currentSession() throws(AuthError) -> ClientSession? {
        if let known = session.withLock({ $0 }) { return known }
        let stored = try engine.glance(fresh: nil) { store throws(AuthError) in try store.session() }
        let resumed = stored.map(ClientSession.init)
        return session.withLock { current in
            if let known = current { return known }
            current = .some(resumed)
            return resumed
        }
    }

    /// This client's session; USER_NOT_FOUND when signed out.
    func requireSession() throws(AuthError) -> ClientSession {
        guard let current = try currentSession() else { throw AuthError(.userNotFound, detail: "no signed-in user") }
        return current
    }

    /// The uid of this client's signed-in account; USER_NOT_FOUND when signed out.
    func sessionUID() throws(AuthError) -> String {
        try requireSession().uid
    }

    /// The binding of an operation acting for this client's session.
    func binding() throws(AuthError) -> SessionBinding {
        .client(try currentSession())
    }

    /// Makes `outcome`, when it signed in, this client's session; returns it as `AuthClient` reports it.
    func adopt(_ outcome: LocalSignInOutcome) -> SignInOutcome {
        if case .signedIn(let signIn) = outcome { adopt(ClientSession(signIn)) }
        return outcome.signInOutcome
    }

    /// Makes `new` this client's session (nil: signed out).
    func adopt(_ new: ClientSession?) {
        session.withLock { $0 = .some(new) }
    }

    /// After a link or another change that renews the sign-in: the session counts as signed in with
    /// `signInProvider` now.
    func renewSession(signInProvider: String) {
        let now = engine.clock()
        session.withLock { current in
            guard case .some(var renewed?) = current else { return }
            renewed.signInProvider = signInProvider
            renewed.authTime = now
            current = .some(renewed)
        }
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
