import AuthCore
import CSQLite

/// A prepared SQL statement with bound parameters, reusable after `reset()`, finalized when released.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    /// Compiles `sql` (a single statement) on `connection`.
    init(connection: OpaquePointer, sql: String) throws(AuthError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteFailure.error(code, on: connection, during: "prepare")
        }
        self.handle = statement
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to the statement's `?` parameters, in order.
    func bind(_ values: [SQLiteValue]) throws(AuthError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            case .real(let number): sqlite3_bind_double(handle, index, number)
            case .text(let string): sqlite3_bind_text(handle, index, string, -1, shim_sqlite_transient())
            }
            guard code == SQLITE_OK else { throw SQLiteFailure.error(code, on: connection, during: "bind") }
        }
    }

    /// Advances to the next row; false once the statement is done.
    func step() throws(AuthError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteFailure.error(code, on: connection, during: "step")
        }
    }

    /// Makes the statement ready to run again and forgets its bound values.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The row the last `step()` stopped on.
    var row: SQLiteRow { SQLiteRow(statement: handle) }
}

/// Turns SQLite result codes into `AuthError(.storageFailure)`; details carry SQLite's message, never bound values.
enum SQLiteFailure {
    /// The error for a failed call on `connection`.
    static func error(_ code: Int32, on connection: OpaquePointer?, during step: String) -> AuthError {
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        let problem: StoreProblem? = switch code & 0xFF {
        case SQLITE_NOTADB: .notDatabase
        case SQLITE_CORRUPT: .damaged
        default: nil
        }
        return AuthError(.storageFailure, detail: "sqlite \(step) failed (\(code)): \(message)", storeProblem: problem)
    }
}
