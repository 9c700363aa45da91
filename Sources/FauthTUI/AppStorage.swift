import AuthCore
import FoundationEssentials
import Localization
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

/// Storage whose values belong to one backend: the same key under another store or endpoint is another value
/// (an address remembered for one store is not offered in another).
public struct ScopedAppStorage: AppStorage {
    private let base: any AppStorage
    /// Names the backend, e.g. "local|/home/ann/.local/share/fauth-tui/local.sqlite".
    public let scope: String

    public init(_ base: any AppStorage, scope: String) {
        self.base = base
        self.scope = scope
    }

    public func string(forKey key: String) -> String? { base.string(forKey: scopedKey(key)) }

    public func set(_ value: String?, forKey key: String) { base.set(value, forKey: scopedKey(key)) }

    private func scopedKey(_ key: String) -> String { "\(key) \(scope)" }
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
        XDGDirectory.state.path(of: "app-storage.json", environment: environment)
    }

    public func string(forKey key: String) -> String? {
        lock.withLock { _ in read()[key] }
    }

    /// Writes the file whole with mode 0600 (`OwnerOnlyFile`); a failure to write is ignored (the value is a
    /// convenience).
    public func set(_ value: String?, forKey key: String) {
        lock.withLock { _ in
            var values = read()
            values[key] = value
            guard let data = try? JSONEncoder().encode(values) else { return }
            try? OwnerOnlyFile.write(data, to: path)
        }
    }

    /// The file's string members; none when it is missing or is not a JSON object.
    ///
    /// Read with `JSONReader`, not `JSONDecoder`: the first frame reads this file, and the decoder's generic
    /// machinery cost a quarter of a million instructions per read (see DECISIONS.md).
    private func read() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var reader = JSONReader(scalars: Array(String(decoding: data, as: UTF8.self).unicodeScalars), path: path)
        guard let root = try? reader.readDocument(), case .object(let members) = root.value else { return [:] }
        var values: [String: String] = [:]
        for member in members {
            if case .string(let value) = member.value.value { values[member.name] = value }
        }
        return values
    }
}
