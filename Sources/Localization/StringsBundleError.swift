import StringsFormat

/// Why an app's strings bundle could not be loaded.
public enum StringsBundleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file in the bundle is malformed; the error names the file, line and column.
    case malformed(StringsParseError)
    /// The path is missing, unreadable or not a kind of bundle we know.
    case unusable(path: String, reason: String)

    /// `<file>:<line>:<col>: <message>` or `<path>: <reason>`.
    public var description: String {
        switch self {
        case .malformed(let error): error.description
        case .unusable(let path, let reason): "\(path): \(reason)"
        }
    }
}
