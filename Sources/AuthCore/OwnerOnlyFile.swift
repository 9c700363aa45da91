import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Files only their owner may read (sessions, remembered values), written whole or not at all.
public enum OwnerOnlyFile {
    /// Writes `data` to `path`: to a fresh temporary name beside it, created exclusively (`O_EXCL`) with mode 0600,
    /// synced, then renamed over `path`. No reader ever sees a partial file, and the data is never on disk with a
    /// looser mode. A missing directory is created with mode 0700. Fails with STORAGE_FAILURE.
    public static func write(_ data: Data, to path: String) throws(AuthError) {
        let directory = FilePaths.directory(of: path)
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw failure("cannot create the directory of", path)
            }
        }
        let temporary = "\(path).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file for", path) }
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
            throw failure("cannot write", path)
        }
    }

    private static func failure(_ action: String, _ path: String) -> AuthError {
        AuthError(.storageFailure, detail: "\(action) \(path): \(String(cString: strerror(errno)))")
    }
}
