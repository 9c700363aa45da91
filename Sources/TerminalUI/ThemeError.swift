/// Why a theme file could not be read, with the line it happened on.
public struct ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// The name before `=` is not a `StyleRole` name.
        case unknownRole(String)
        /// A colour is neither a name, an index 0…255, nor `#RRGGBB`.
        case unknownColor(String)
        /// A `+word` is not one of `+bold`, `+underline`, `+reverse`, `+dim`.
        case unknownAttribute(String)
        /// The same role is set twice.
        case duplicateRole(String)
        /// The line does not have the shape `role = FG [on BG] [+attribute…]`.
        case badSyntax(String)
    }

    /// The theme's name as given to `Theme.parse`.
    public let themeName: String
    /// 1-based line number.
    public let line: Int
    /// What was wrong on that line.
    public let kind: Kind

    /// Creates an error for a line of a theme.
    public init(themeName: String, line: Int, kind: Kind) {
        self.themeName = themeName
        self.line = line
        self.kind = kind
    }

    /// `name.theme:LINE: message`, the way compilers report errors.
    public var description: String {
        let message: String
        switch kind {
        case .unknownRole(let role):
            let known = StyleRole.allCases.map(\.name).joined(separator: ", ")
            message = "unknown role '\(role)' (known roles: \(known))"
        case .unknownColor(let color):
            message = "unknown colour '\(color)' (use default, black…white, bright-black…bright-white, 0…255 "
                + "or #RRGGBB)"
        case .unknownAttribute(let attribute):
            message = "unknown attribute '\(attribute)' (use +bold, +underline, +reverse or +dim)"
        case .duplicateRole(let role):
            message = "role '\(role)' is set twice"
        case .badSyntax(let detail):
            message = "\(detail); expected 'role = FG [on BG] [+bold] [+underline] [+reverse] [+dim]'"
        }
        return "\(themeName).theme:\(line): \(message)"
    }
}
