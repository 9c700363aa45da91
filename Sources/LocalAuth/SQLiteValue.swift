import FoundationEssentials

/// A value bound to a `?` parameter of an SQL statement.
enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// Text, or NULL when absent.
    static func text(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }

    /// A flag stored as 0 or 1.
    static func bool(_ value: Bool) -> SQLiteValue {
        .integer(value ? 1 : 0)
    }

    /// A moment stored as seconds since 1970.
    static func date(_ value: Date) -> SQLiteValue {
        .real(value.timeIntervalSince1970)
    }
}
