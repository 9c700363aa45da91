import AuthCore
import FoundationEssentials
import LocalAuth

/// The local store a command opens: the `--store` path as given, or the default location.
struct StoreLocation: Equatable {
    let path: String
    /// Whether this is the default location, whose folders are created; a given path's folder must exist.
    let isDefault: Bool

    /// The path from the root, so one store has one name whatever the working directory.
    var absolutePath: String {
        path.hasPrefix("/") || path == ":memory:" ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `--store PATH` when given (its folder must exist: a typo must not grow a new empty store somewhere),
    /// else `$XDG_DATA_HOME/fauth-tui/local.sqlite`.
    static func choose(options: LaunchOptions, environment: [String: String]) throws(UsageError) -> StoreLocation {
        guard let path = options.storePath else {
            return StoreLocation(path: LocalAuthClient.defaultStorePath(environment: environment), isDefault: true)
        }
        let folder = FilePaths.directory(of: path)
        guard path == ":memory:" || folder.isEmpty || FileManager.default.fileExists(atPath: folder) else {
            throw UsageError(.usageStoreFolderMissing, .string(folder))
        }
        return StoreLocation(path: path, isDefault: false)
    }
}
