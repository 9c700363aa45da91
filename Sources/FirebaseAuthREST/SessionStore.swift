import AuthCore
import FoundationEssentials
import Synchronization

/// A signed-in Firebase session as kept between runs: the tokens and the user they belong to.
public struct PersistedSession: Sendable, Hashable, Codable {
    /// The current ID token (a JWT, about one hour long).
    public var idToken: String
    /// The long-lived token that gets new ID tokens from securetoken.
    public var refreshToken: String
    /// When `idToken` stops being accepted.
    public var expiresAt: Date
    /// The account the tokens belong to, as last looked up.
    public var user: User

    /// A session with these tokens and user.
    public init(idToken: String, refreshToken: String, expiresAt: Date, user: User) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.user = user
    }
}

/// Where `FirebaseAuthClient` keeps its session between runs.
public protocol SessionStore: Sendable {
    /// The saved session, or nil when there is none (or it cannot be read).
    func load() -> PersistedSession?
    /// Replaces the saved session; errors are STORAGE_FAILURE.
    func save(_ session: PersistedSession) throws(AuthError)
    /// Forgets the saved session; errors are STORAGE_FAILURE.
    func clear() throws(AuthError)
}

extension SessionStore {
    /// Replaces the saved session only while it is the same account's: a refresh or a profile change in one
    /// process never overwrites a sign-in another process made since, nor brings back a session signed out.
    func update(_ session: PersistedSession) throws(AuthError) {
        guard load()?.user.uid == session.user.uid else { return }
        try save(session)
    }

    /// Forgets the saved session while it is `uid`'s; another process's later sign-in stays.
    func clear(uid: String) throws(AuthError) {
        guard load()?.user.uid == uid else { return }
        try clear()
    }
}

/// A session store that lasts for one run (`--store :memory:`, tests).
public final class MemorySessionStore: SessionStore {
    private let session: Mutex<PersistedSession?>

    /// Starts with `session`, if any.
    public init(_ session: PersistedSession? = nil) {
        self.session = Mutex(session)
    }

    /// The session saved last.
    public func load() -> PersistedSession? { session.withLock { $0 } }

    /// Keeps `session` in memory.
    public func save(_ session: PersistedSession) throws(AuthError) { self.session.withLock { $0 = session } }

    /// Forgets the session.
    public func clear() throws(AuthError) { session.withLock { $0 = nil } }
}
