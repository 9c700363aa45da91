import AuthCore
import CSQLite

/// One SQLite connection: statements with bound parameters and write transactions.
///
/// Statements are compiled once per connection and kept (compiling one costs more than running most of ours).
/// Not thread-safe by itself; its owner serialises access.
final class SQLiteDatabase {
    private let connection: OpaquePointer
    /// Compiled statements by their SQL text, reset after each use.
    private var statements: [String: SQLiteStatement] = [:]
    /// Statements kept at most; beyond, the cache starts over (the store's SQL is a fixed set well below it).
    private static let statementLimit = 128

    /// Opens (creating when missing) the database at `path`, never through a symbolic link; `:memory:` opens a
    /// private in-memory one.
    ///
    /// `busyTimeoutMilliseconds` is how long a statement waits for another connection's lock before failing.
    init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(AuthError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let failure = SQLiteFailure.error(code, on: opened, during: "open \(path)")
            sqlite3_close_v2(opened)
            throw failure
        }
        connection = opened
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(connection)
    }

    /// Replaces the (empty, in-memory) database with the database file `size` bytes long that `fill` writes.
    func load(imageOfSize size: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) throws(AuthError) {
        guard let buffer = sqlite3_malloc64(UInt64(size)) else {
            throw SQLiteFailure.error(SQLITE_NOMEM, on: connection, during: "load image")
        }
        fill(UnsafeMutableRawBufferPointer(start: buffer, count: size))
        // SQLite owns the buffer from here on, also when it refuses it.
        let code = sqlite3_deserialize(connection, "main", buffer.assumingMemoryBound(to: UInt8.self), Int64(size),
                                       Int64(size),
                                       UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE))
        guard code == SQLITE_OK else { throw SQLiteFailure.error(code, on: connection, during: "load image") }
    }

    /// Runs one or more statements without parameters (schema scripts, pragmas).
    func execute(_ sql: String) throws(AuthError) {
        let code = sqlite3_exec(connection, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteFailure.error(code, on: connection, during: "exec") }
    }

    /// Compiles a single statement for repeated or stepwise use.
    private func prepare(_ sql: String) throws(AuthError) -> SQLiteStatement {
        try SQLiteStatement(connection: connection, sql: sql)
    }

    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws(AuthError) {
        try withStatement(sql, parameters) { statement throws(AuthError) in
            while try statement.step() {}
        }
    }

    /// Runs a query and maps every result row.
    func query<Row>(_ sql: String, _ parameters: [SQLiteValue] = [], row map: (SQLiteRow) -> Row) throws(AuthError)
        -> [Row] {
        try withStatement(sql, parameters) { statement throws(AuthError) in
            var rows: [Row] = []
            while try statement.step() { rows.append(map(statement.row)) }
            return rows
        }
    }

    /// The first row of a query, if any.
    func first<Row>(_ sql: String, _ parameters: [SQLiteValue] = [], row map: (SQLiteRow) -> Row) throws(AuthError)
        -> Row? {
        try withStatement(sql, parameters) { statement throws(AuthError) in
            try statement.step() ? map(statement.row) : nil
        }
    }

    /// Runs `body` with the kept statement for `sql` (compiled on first use), `parameters` bound; the statement
    /// is reset afterwards, so it holds no lock and no bound value.
    private func withStatement<Result>(_ sql: String, _ parameters: [SQLiteValue],
                                       _ body: (SQLiteStatement) throws(AuthError) -> Result) throws(AuthError)
        -> Result {
        let statement: SQLiteStatement
        if let kept = statements[sql] {
            statement = kept
        } else {
            statement = try prepare(sql)
            if statements.count >= Self.statementLimit { statements.removeAll() }
            statements[sql] = statement
        }
        defer { statement.reset() }
        try statement.bind(parameters)
        return try body(statement)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(connection)) }

    /// The rowid of the last INSERT.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection) }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front (waiting for other
    /// connections up to the busy timeout), so reads inside see the state the writes apply to.
    /// Commits when `body` returns, rolls back when it throws.
    func writeTransaction<Result>(_ body: () throws(AuthError) -> Result) throws(AuthError) -> Result {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Replaces this database's content with a copy of the database file at `path` (SQLite's backup API).
    func restore(from path: String) throws(AuthError) {
        let source = try SQLiteDatabase(path: path)
        guard let backup = sqlite3_backup_init(connection, "main", source.connection, "main") else {
            throw SQLiteFailure.error(sqlite3_errcode(connection), on: connection, during: "restore \(path)")
        }
        let code = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw SQLiteFailure.error(code, on: connection, during: "restore \(path)") }
    }
}
