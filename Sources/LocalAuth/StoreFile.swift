import AuthCore
import FoundationEssentials
import Glibc

/// Where the store lives on disk and how its file is created: owner-only directory and file.
enum StoreFile {
    /// The in-memory path SQLite understands; nothing is created on disk for it.
    static let inMemoryPath = ":memory:"

    /// `$XDG_DATA_HOME/fauth-tui/local.sqlite`, else `$HOME/.local/share/fauth-tui/local.sqlite`.
    static func defaultPath(environment: [String: String]) -> String {
        XDGDirectory.data.path(of: "local.sqlite", environment: environment)
    }

    /// Creates the file (and, when `createsDirectories`, its missing parent directories, mode 0700), checks that
    /// it can be the store, and makes it owner-only (0600) even if it existed with a looser mode: it holds
    /// password hashes and the session. SQLite's WAL and shared-memory files inherit that mode.
    ///
    /// A symbolic link is never followed, and nothing is changed in a file that is not a regular file of this
    /// user holding an SQLite database (or empty): a mistyped `--store` cannot harm another file.
    static func prepare(path: String, createsDirectories: Bool) throws(AuthError) {
        guard path != inMemoryPath else { return }
        let directory = FilePaths.directory(of: path)
        if createsDirectories && !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw AuthError(.storageFailure, detail: "cannot create \(directory): \(FilePaths.reason(error))")
            }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno
            let detail = "cannot open \(path): \(String(cString: strerror(reason)))"
            switch reason {
            case ELOOP: throw AuthError(.storageFailure, detail: detail, storeProblem: .symbolicLink)
            case EISDIR, ENXIO: throw AuthError(.storageFailure, detail: detail, storeProblem: .notRegularFile)
            default: throw AuthError(.storageFailure, detail: detail)
            }
        }
        defer { close(descriptor) }
        try check(descriptor, path: path)
    }

    /// The first bytes of every SQLite database file.
    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Refuses what cannot be the store, then makes it owner-only.
    private static func check(_ descriptor: Int32, path: String) throws(AuthError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw AuthError(.storageFailure, detail: "cannot inspect \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw AuthError(.storageFailure, detail: "\(path) is not a regular file", storeProblem: .notRegularFile)
        }
        guard info.st_uid == geteuid() else {
            throw AuthError(.storageFailure, detail: "\(path) belongs to uid \(info.st_uid)", storeProblem: .notOwned)
        }
        if info.st_size > 0 {
            var header = [UInt8](repeating: 0, count: sqliteHeader.count)
            let count = pread(descriptor, &header, header.count, 0)
            guard count == header.count, header == sqliteHeader else {
                throw AuthError(.storageFailure, detail: "\(path) is not an SQLite database", storeProblem: .notDatabase)
            }
        }
        guard info.st_mode & 0o077 == 0 || fchmod(descriptor, 0o600) == 0 else {
            throw AuthError(.storageFailure, detail: "cannot restrict \(path): \(String(cString: strerror(errno)))")
        }
    }
}
