import AuthCore
import Foundation
import Synchronization

/// The embedded default backend: accounts, session and outbox in a local SQLite file.
///
/// Safe to share between tasks (one connection behind a lock) and between processes on the same file
/// (WAL mode, immediate write transactions, a busy timeout). Passwords are stored only as scrypt hashes.
public final class LocalAuthClient: AuthClient, MessageInbox {
    /// How long an emailed out-of-band code stays valid.
    static let oobCodeLifetime: TimeInterval = 60 * 60
    /// Failed sign-ins for one email that lock it until they age out of the window.
    static let maximumFailedSignIns = 5
    /// How long a failed sign-in counts towards the limit.
    static let failedSignInWindow: TimeInterval = 15 * 60

    private let store: Mutex<LocalStore>
    let clock: @Sendable () -> Date
    let hasher: PasswordHasher

    /// Opens (creating when missing) the store at `path`; `:memory:` gives a throwaway store.
    ///
    /// `passwordHashing` sets the scrypt cost of new hashes (OWASP's by default; tests pass cheap ones).
    public init(path: String, clock: @escaping @Sendable () -> Date = Date.init,
                passwordHashing: ScryptParameters = .owasp) throws(AuthError) {
        guard passwordHashing.isWithinBounds else {
            throw AuthError(.internalError, detail: "scrypt parameters out of bounds")
        }
        try StoreFile.prepare(path: path)
        store = Mutex(try LocalStore(path: path))
        self.clock = clock
        self.hasher = PasswordHasher(parameters: passwordHashing)
    }

    /// `$XDG_DATA_HOME/fauth-tui/local.sqlite`, by default `~/.local/share/fauth-tui/local.sqlite`.
    public static func defaultStorePath(environment: [String: String]) -> String {
        StoreFile.defaultPath(environment: environment)
    }

    /// Runs `body` with exclusive use of the store connection.
    func withStore<Result: Sendable>(_ body: (LocalStore) throws(AuthError) -> Result) throws(AuthError) -> Result {
        try store.withLock { (store: inout LocalStore) throws(AuthError) -> Result in try body(store) }
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
