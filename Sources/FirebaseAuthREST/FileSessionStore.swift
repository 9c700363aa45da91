import AuthCore
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A session kept in an owner-only JSON file (`OwnerOnlyFile`: mode 0600, in a directory created 0700, written
/// whole), so no reader ever sees a partial file and the tokens are never on disk with a looser mode.
public final class FileSessionStore: SessionStore {
    /// The file holding the session.
    public let path: String
    private let lock = Mutex(())

    /// A store in the file at `path` (created, with its directory, on the first save).
    public init(path: String) {
        self.path = path
    }

    /// A store at `defaultPath(for:environment:)`.
    public convenience init(endpoint: FirebaseEndpoint, environment: [String: String]) {
        self.init(path: Self.defaultPath(for: endpoint, environment: environment))
    }

    /// `$XDG_CONFIG_HOME/fauth-tui/session-<hash>.json`, else `~/.config/fauth-tui/session-<hash>.json`, where
    /// the hash names the endpoint (project key or emulator address) so each backend keeps its own session.
    public static func defaultPath(for endpoint: FirebaseEndpoint, environment: [String: String]) -> String {
        XDGDirectory.config.path(of: "session-\(fnv1a(endpoint.identity)).json", environment: environment)
    }

    /// The saved session; nil when the file is missing or unreadable.
    public func load() -> PersistedSession? {
        lock.withLock { _ in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return try? Self.decoder.decode(PersistedSession.self, from: data)
        }
    }

    /// Writes the session atomically with mode 0600.
    public func save(_ session: PersistedSession) throws(AuthError) {
        let data: Data
        do {
            data = try Self.encoder.encode(session)
        } catch {
            throw AuthError(.storageFailure, detail: "session cannot be encoded")
        }
        try lock.withLock { _ throws(AuthError) in try OwnerOnlyFile.write(data, to: path) }
    }

    /// Deletes the file; a missing file is not an error.
    public func clear() throws(AuthError) {
        try lock.withLock { _ throws(AuthError) in
            guard unlink(path) == 0 || errno == ENOENT else { throw failure("cannot delete") }
        }
    }

    private func failure(_ action: String) -> AuthError {
        AuthError(.storageFailure, detail: "\(action) \(path): \(String(cString: strerror(errno)))")
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms (unlike `Hasher`).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
