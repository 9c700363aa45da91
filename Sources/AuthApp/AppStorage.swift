import Foundation
import Synchronization

/// Small values the app remembers between runs (FirebaseUI keeps them in `@AppStorage`).
public protocol AppStorage: Sendable {
    func string(forKey key: String) -> String?
    /// Stores a value, or removes it when nil.
    func set(_ value: String?, forKey key: String)
}

/// The keys FirebaseUI uses, kept so their meaning carries over.
public enum AppStorageKey {
    /// The address the last sign-in link was sent to.
    public static let emailLink = "email-link"
    /// The user the provisioning command last succeeded for.
    public static let provisionedUser = "provisioned-user"
}

/// Storage that lasts for one run (`--store :memory:`).
public final class MemoryAppStorage: AppStorage {
    private let values = Mutex<[String: String]>([:])

    public init() {}

    public func string(forKey key: String) -> String? { values.withLock { $0[key] } }

    public func set(_ value: String?, forKey key: String) { values.withLock { $0[key] = value } }
}

/// Storage in an owner-only JSON file, by default `$XDG_STATE_HOME/fauth-tui/app-storage.json`.
public final class FileAppStorage: AppStorage {
    private let path: String
    private let lock = Mutex(())

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/fauth-tui/app-storage.json`, else `~/.local/state/fauth-tui/app-storage.json`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        return base + "/fauth-tui/app-storage.json"
    }

    public func string(forKey key: String) -> String? {
        lock.withLock { _ in read()[key] }
    }

    /// Writes atomically with mode 0600; a failure to write is ignored (the value is a convenience).
    public func set(_ value: String?, forKey key: String) {
        lock.withLock { _ in
            var values = read()
            values[key] = value
            let directory = (path as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            guard let data = try? JSONEncoder().encode(values) else { return }
            let temporary = path + ".tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: data,
                                                 attributes: [.posixPermissions: 0o600]) else { return }
            _ = rename(temporary, path)
        }
    }

    private func read() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
              let values = try? JSONDecoder().decode([String: String].self, from: data) else { return [:] }
        return values
    }
}
