import AuthCore
import CSQLite
import FoundationEssentials

/// The current result row of a stepping statement; valid only inside the row callback.
struct SQLiteRow {
    let statement: OpaquePointer

    /// Whether the column holds NULL.
    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    /// The column as text, or nil for NULL.
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: bytes)
    }

    /// The column as an integer (NULL reads as 0).
    func integer(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    /// The column as a 0/1 flag.
    func bool(_ column: Int32) -> Bool {
        integer(column) != 0
    }

    /// The column as a moment stored in seconds since 1970, or nil for NULL. A moment past `EpochTime`'s range
    /// (stored by an older build, or a damaged file) reads clamped to the nearer end, so it can be written out.
    func date(_ column: Int32) -> Date? {
        isNull(column) ? nil : EpochTime.clamped(Date(timeIntervalSince1970: sqlite3_column_double(statement, column)))
    }
}
