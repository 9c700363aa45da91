import AuthCore
import FoundationEssentials
import Synchronization

/// The embedded auth backend without a session of its own: accounts, codes, identities, outbox and tokens in
/// one SQLite file, with operations on explicit accounts (by uid) that the session client and the REST
/// emulator both build on.
///
/// Every operation is synchronous and may block (SQLite locks, scrypt): call it off the cooperative pool.
/// Safe to share between threads (one connection behind a lock) and between processes on the same file.
public final class LocalAuthEngine: Sendable {
    /// How long an emailed out-of-band code stays valid.
    static let oobCodeLifetime: TimeInterval = 60 * 60
    /// Failed sign-ins for one email that lock it until they age out of the window.
    static let maximumFailedSignIns = 5
    /// How long a failed sign-in counts towards the limit.
    static let failedSignInWindow: TimeInterval = 15 * 60

    private let store: StoreLock
    /// The ID-token signing key once read: a store's key never changes after it is made.
    let signingKey = Mutex<[UInt8]?>(nil)
    let clock: @Sendable () -> Date
    let hasher: PasswordHasher
    /// How long after an interactive sign-in sensitive changes are allowed (see `requireRecentSignIn`).
    public let recentLoginMaxAge: TimeInterval

    /// Opens (creating when missing) the store at `path`; `:memory:` gives a throwaway store, made on first use.
    ///
    /// Missing folders on the way are created (owner-only) only when `createsDirectories` says so, as for the
    /// default location; otherwise they are STORAGE_FAILURE. `passwordHashing` sets the scrypt cost of new
    /// hashes (OWASP's by default; tests pass cheap ones).
    ///
    /// `snapshot`, with an in-memory `path`, starts the store as a copy of the store file it names (an export).
    /// `recentLoginMaxAge` is how old a sign-in may be for sensitive changes (5 minutes by default).
    ///
    /// A damaged store is refused here (STORAGE_FAILURE, `.damaged`), unless `defersCheck`: then only what
    /// opening must write is checked now, and the rest of the check waits for `checkStore()` or the first use
    /// other than `glance` (an interface draws its first frame in between).
    public init(path: String, createsDirectories: Bool = false, clock: @escaping @Sendable () -> Date = Date.init,
                passwordHashing: ScryptParameters = .owasp, snapshot: String? = nil,
                recentLoginMaxAge: TimeInterval = LocalAuthEngine.defaultRecentLoginMaxAge,
                defersCheck: Bool = false) throws(AuthError) {
        guard passwordHashing.isWithinBounds else {
            throw AuthError(.internalError, detail: "scrypt parameters out of bounds")
        }
        try StoreFile.prepare(path: path, createsDirectories: createsDirectories)
        if path == StoreFile.inMemoryPath, snapshot == nil {
            // A throwaway store starts empty: it is made when first used, so a run that never uses it never
            // makes it (a first frame only asks for the session, which an empty store does not have).
            store = StoreLock { () throws(AuthError) in try LocalStore(path: path) }
        } else {
            let opened = try LocalStore(path: path, snapshot: snapshot)
            if !defersCheck { try opened.check() }
            store = StoreLock(opened)
        }
        self.clock = clock
        self.hasher = PasswordHasher(parameters: passwordHashing)
        self.recentLoginMaxAge = recentLoginMaxAge
    }

    /// A new engine with the same clock, hashing and recent-login age over the store at `path` (`:memory:` for
    /// a fresh one).
    public func sibling(path: String = ":memory:") throws(AuthError) -> LocalAuthEngine {
        try LocalAuthEngine(path: path, clock: clock, passwordHashing: hasher.parameters,
                            recentLoginMaxAge: recentLoginMaxAge)
    }

    /// Writes a copy of the whole store to a new owner-only file at `path`, replacing an earlier export.
    public func export(to path: String) throws(AuthError) {
        if FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw AuthError(.storageFailure, detail: "cannot replace \(path): \(FilePaths.reason(error))")
            }
        }
        try StoreFile.prepare(path: path, createsDirectories: false)
        try withStore { store throws(AuthError) in try store.export(to: path) }
    }

    /// Where the action links in sent emails point (`…?mode=…&oobCode=…`); a server may serve them elsewhere.
    public static let actionLinkBase = ActionLink.base

    /// The engine's current time (its injected clock).
    public var now: Date { clock() }

    /// Runs `body` with exclusive use of the store connection.
    func withStore<Result: Sendable>(_ body: (LocalStore) throws(AuthError) -> Result) throws(AuthError) -> Result {
        try store.withLock(body)
    }

    /// A read for the first frame, which may come before the store's check (`defersCheck`): `fresh` without
    /// making the store when it is a throwaway one nothing has used yet (it is empty).
    func glance<Result: Sendable>(fresh: Result, _ body: (LocalStore) throws(AuthError) -> Result)
        throws(AuthError) -> Result {
        try store.glance(fresh: fresh, body)
    }

    /// Checks every page of the store now, if that was deferred and has not happened yet: STORAGE_FAILURE
    /// (`.damaged`) when one is damaged. Any other use of the store checks it first anyway.
    public func checkStore() throws(AuthError) {
        try withStore { _ throws(AuthError) in }
    }

    /// Runs `body` as one write transaction with exclusive use of the store.
    func write<Result: Sendable>(_ body: (LocalStore) throws(AuthError) -> Result) throws(AuthError) -> Result {
        try withStore { store throws(AuthError) in
            try store.write { () throws(AuthError) -> Result in try body(store) }
        }
    }

    /// The report of a stored account, with its identities.
    static func report(_ record: AccountRecord, in store: LocalStore) throws(AuthError) -> LocalAccount {
        LocalAccount(record, identities: try store.identities(uid: record.uid))
    }
}
