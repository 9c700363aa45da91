@testable import LocalAuth
import Testing

@Suite("StoreSchema: a new store and a migrated one")
struct StoreSchemaTests {
    /// Every table's columns, indexes (with their columns) and foreign keys, as SQLite describes them.
    private func shape(of database: SQLiteDatabase) throws -> [String] {
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            $0.text(0) ?? ""
        }
        var lines: [String] = []
        for table in tables {
            lines += try database.query("PRAGMA table_info(\(table))") { row in
                "\(table) column \(row.text(1) ?? "") \(row.text(2) ?? "") notnull=\(row.integer(3))"
                    + " default=\(row.text(4) ?? "-") pk=\(row.integer(5))"
            }
            let indexes = try database.query("PRAGMA index_list(\(table))") { row in
                (name: row.text(1) ?? "", unique: row.integer(2), origin: row.text(3) ?? "")
            }
            for index in indexes.sorted(by: { $0.name < $1.name }) {
                let columns = try database.query("PRAGMA index_info(\(index.name))") { $0.text(2) ?? "" }
                // Automatic indexes are numbered in creation order; name them by what they index instead.
                let name = index.origin == "c" ? index.name : "auto"
                lines.append("\(table) index \(name) unique=\(index.unique) origin=\(index.origin) on \(columns)")
            }
            lines += try database.query("PRAGMA foreign_key_list(\(table))") { row in
                "\(table) foreign key \(row.text(3) ?? "") → \(row.text(2) ?? "").\(row.text(4) ?? "")"
                    + " on delete \(row.text(6) ?? "")"
            }
        }
        return lines.sorted()
    }

    @Test("creating a store at the current version gives the tables every migration in turn gives")
    func currentMatchesMigrations() throws {
        let created = try SQLiteDatabase(path: ":memory:")
        try created.execute(StoreSchema.current)
        let migrated = try SQLiteDatabase(path: ":memory:")
        for migration in StoreSchema.migrations { try migrated.execute(migration) }
        let expected = try shape(of: migrated)
        #expect(expected.count > 100)
        #expect(try shape(of: created) == expected)
    }

    @Test("a new store is created at the current version")
    func newStoreVersion() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try StoreSchema.migrate(database)
        #expect(try database.first("PRAGMA user_version") { $0.integer(0) } == StoreSchema.currentVersion)
        #expect(try shape(of: database).contains { $0.hasPrefix("session column second_factor TEXT") })
    }
}
