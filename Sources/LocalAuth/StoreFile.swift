import AuthCore
import Foundation

/// Where the store lives on disk and how its file is created: owner-only directory and file.
enum StoreFile {
    /// The in-memory path SQLite understands; nothing is created on disk for it.
    static let inMemoryPath = ":memory:"

    /// `$XDG_DATA_HOME/fauth-tui/local.sqlite`, else `$HOME/.local/share/fauth-tui/local.sqlite`.
    ///
    /// A relative or empty `XDG_DATA_HOME` is ignored, as the XDG spec asks.
    static func defaultPath(environment: [String: String]) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return (dataHome as NSString).appendingPathComponent("fauth-tui/local.sqlite")
    }

    /// Creates the file (and, when `createsDirectories`, its missing parent directories, mode 0700) and makes
    /// the file owner-only (0600) even if it existed with a looser mode: it holds password hashes and the
    /// session. SQLite's WAL and shared-memory files inherit that mode.
    static func prepare(path: String, createsDirectories: Bool) throws(AuthError) {
        guard path != inMemoryPath else { return }
        let directory = (path as NSString).deletingLastPathComponent
        if createsDirectories && !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw AuthError(.storageFailure, detail: "cannot create \(directory): \(error.localizedDescription)")
            }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AuthError(.storageFailure, detail: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw AuthError(.storageFailure, detail: "cannot restrict \(path): \(String(cString: strerror(errno)))")
        }
    }
}
