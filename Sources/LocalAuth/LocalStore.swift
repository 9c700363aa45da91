import AuthCore

/// The SQLite store behind `LocalAuthClient`: one connection in WAL mode, migrated on open.
///
/// Not thread-safe; `LocalAuthClient` serialises access. Other processes may share the file:
/// writes take the lock up front (`BEGIN IMMEDIATE`) and wait out each other's locks (busy timeout).
final class LocalStore {
    let database: SQLiteDatabase
    /// Whether every page has been checked (`check()`); a store is used for nothing but a glance until then.
    private(set) var isChecked = false

    /// Opens the database at `path` (`:memory:` for a throwaway one, which starts as a copy of `StoreImage`),
    /// first filled with a copy of the store at `snapshot` when given, and migrates it.
    ///
    /// A damaged store is refused before anything is written into it: a store that needs a write to open (a new
    /// file, an older schema, a rollback journal) is checked first; one already in WAL mode at the current
    /// version needs no write and is left for `check()`. A throwaway store made from the image needs neither
    /// check nor migration: the image is the current schema, which `StoreSchemaTests` checks.
    init(path: String, snapshot: String? = nil) throws(AuthError) {
        database = try SQLiteDatabase(path: path)
        if snapshot == nil, path == StoreFile.inMemoryPath {
            try database.load(imageOfSize: StoreImage.size, fill: StoreImage.write)
            try database.execute("PRAGMA foreign_keys = ON")
            isChecked = true
            return
        }
        if let snapshot { try database.restore(from: snapshot) }
        try database.execute("PRAGMA foreign_keys = ON")
        try database.execute("PRAGMA synchronous = NORMAL")
        let journal = try database.first("PRAGMA journal_mode") { $0.text(0) }
        if journal == "wal", try StoreSchema.isCurrent(database) { return }
        try check()
        _ = try database.first("PRAGMA journal_mode = WAL") { $0.text(0) }
        try StoreSchema.migrate(database)
    }

    /// Reads every page (`PRAGMA quick_check`) and checks the accounts against their unique indexes (`PRAGMA
    /// integrity_check(accounts)`) unless that was done: STORAGE_FAILURE (`.damaged`) when either finds damage.
    /// The unique indexes are what keep an email or phone number to one account; a row changed behind its index
    /// passes `quick_check`, and the index would then let a second account take the same email.
    func check() throws(AuthError) {
        if isChecked { return }
        try requireVerdictOK("PRAGMA quick_check(1)")
        let hasAccounts = try database.first(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'accounts'") { _ in true } ?? false
        if hasAccounts { try requireVerdictOK("PRAGMA integrity_check(accounts)") }
        isChecked = true
    }

    /// Runs a check pragma: STORAGE_FAILURE (`.damaged`) with its first finding unless it answers "ok".
    private func requireVerdictOK(_ pragma: String) throws(AuthError) {
        let verdict = try database.first(pragma) { $0.text(0) } ?? nil
        guard verdict == "ok" else {
            throw AuthError(.storageFailure, detail: "damaged store: \(verdict ?? "no verdict")", storeProblem: .damaged)
        }
    }

    /// Writes a compact copy of the store to a new file at `path`.
    func export(to path: String) throws(AuthError) {
        try database.run("VACUUM INTO ?", [.text(path)])
    }

    /// Runs `body` as one atomic write.
    func write<Result>(_ body: () throws(AuthError) -> Result) throws(AuthError) -> Result {
        try database.writeTransaction(body)
    }
}
