import AuthCore
import FoundationEssentials
import JSON

/// An `updateMask` as Firebase's emulator applies it: comma-separated field paths (`displayName`,
/// `mfaConfig.state`), each copying the patch's value at that path into the document, making the objects on
/// the way. A path the patch holds no value for (absent or null), or one that reaches through a value that is
/// not an object (`displayName.0`, `mfaConfig.enabledProviders.x`), changes nothing.
struct FieldMask: Sendable, Equatable {
    /// The paths, each split at its dots.
    let paths: [[String]]

    /// The mask `text` names (`a,b.c`). As protobuf's field-mask parser does, blank paths (`a,,b`, `,`) are
    /// skipped and a path with an empty name (`.`, `a..b`, `a.`) is INVALID_ARGUMENT.
    init(_ text: String) throws(APIError) {
        var paths: [[String]] = []
        for path in text.split(separator: ",") {
            let trimmed = path.trimmingWhitespace()
            guard !trimmed.isEmpty else { continue }
            let names = trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: \.isEmpty) else {
                throw APIError.invalidArgument("Invalid field mask path: \"\(trimmed.prefix(100))\"")
            }
            paths.append(names)
        }
        self.paths = paths
    }

    /// `document` with every path of the mask copied from `patch`.
    func applied(_ patch: [String: Any], to document: [String: Any]) -> [String: Any] {
        paths.reduce(document) { result, path in
            Self.setting(path[...], from: patch, in: result) ?? result
        }
    }

    /// `document` with `path` set from `patch`; nil when the patch gives nothing there.
    private static func setting(_ path: ArraySlice<String>, from patch: [String: Any], in document: [String: Any])
        -> [String: Any]? {
        guard let name = path.first, let value = patch[name], !(value is JSONNull) else { return nil }
        var result = document
        if path.count == 1 {
            result[name] = value
            return result
        }
        guard let inner = value as? [String: Any],
              let changed = setting(path.dropFirst(), from: inner, in: document[name] as? [String: Any] ?? [:])
        else { return nil }
        result[name] = changed
        return result
    }
}
