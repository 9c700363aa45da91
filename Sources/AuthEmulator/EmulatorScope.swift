/// Whose users a request acts on: a project, or one tenant of it. Each scope has its own accounts.
public struct EmulatorScope: Sendable, Hashable, CustomStringConvertible {
    /// The project id.
    public var project: String
    /// The tenant id, nil for the project's own users.
    public var tenant: String?

    /// The scope of `project`, or of its `tenant`.
    public init(project: String, tenant: String? = nil) {
        self.project = project
        self.tenant = tenant
    }

    /// `project` or `project/tenant`.
    public var description: String { tenant.map { "\(project)/\($0)" } ?? project }

    /// Whether `id` can name a project or tenant: 1–63 letters, digits and hyphens, starting with a letter
    /// or digit. Ids become file names with `--store`, so nothing else is accepted.
    public static func isValidID(_ id: String) -> Bool {
        guard (1...63).contains(id.utf8.count), let first = id.utf8.first, first != UInt8(ascii: "-") else {
            return false
        }
        return id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        }
    }
}
