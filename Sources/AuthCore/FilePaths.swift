import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Path arithmetic on plain strings, as `NSString`'s path methods did (relative paths stay relative).
public enum FilePaths {
    /// `path` without its last component: "a/b" for "a/b/c", "/" for "/c", "" for "c".
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// `base` and `component` joined by one slash; `component` alone when `base` is empty.
    public static func joining(_ base: String, _ component: String) -> String {
        guard !base.isEmpty else { return component }
        return (base.hasSuffix("/") ? base : base + "/") + component
    }

    /// The home directory: `$HOME` from `environment` when set and not empty, else the user database's.
    public static func home(environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// Why a file operation failed, in the system's words ("Permission denied"), for error details.
    public static func reason(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }
}
