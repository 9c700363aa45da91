import AuthCore
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A session kept in an owner-only JSON file (mode 0600, in a directory created 0700).
///
/// The file is written to a fresh temporary name opened with mode 0600 and renamed over the old one, so no
/// reader ever sees a partial file and the tokens are never on disk with a looser mode.
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
        let configHome: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else {
            configHome = FilePaths.joining(FilePaths.home(environment: environment), ".config")
        }
        let name = "session-\(fnv1a(endpoint.identity)).json"
        return FilePaths.joining(configHome, "fauth-tui/\(name)")
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
        try lock.withLock { _ throws(AuthError) in try write(data) }
    }

    /// Deletes the file; a missing file is not an error.
    public func clear() throws(AuthError) {
        try lock.withLock { _ throws(AuthError) in
            guard unlink(path) == 0 || errno == ENOENT else { throw failure("cannot delete") }
        }
    }

    private func write(_ data: Data) throws(AuthError) {
        let directory = FilePaths.directory(of: path)
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw failure("cannot create the directory of")
            }
        }
        let temporary = "\(path).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file for") }
        let written = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure("cannot write")
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
