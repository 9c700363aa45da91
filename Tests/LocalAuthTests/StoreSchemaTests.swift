import Foundation
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

    @Test("a throwaway store starts from the built-in image, which has the current schema and version")
    func imageMatchesCurrent() throws {
        let created = try SQLiteDatabase(path: ":memory:")
        // Small pages keep the image small: every start with a throwaway store copies the whole of it.
        try created.execute("PRAGMA page_size = 1024")
        try StoreSchema.migrate(created)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" { try recordImage(of: created) }
        let store = try LocalStore(path: ":memory:")
        #expect(try shape(of: store.database) == shape(of: created),
                "StoreImage is out of date: run `make store-image`")
        #expect(try store.database.first("PRAGMA user_version") { $0.integer(0) } == StoreSchema.currentVersion)
    }

    /// Writes `Sources/LocalAuth/StoreImage+Bytes.swift` from a compact copy of `database`.
    private func recordImage(of database: SQLiteDatabase) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("store-image-\(getpid()).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try database.run("VACUUM INTO ?", [.text(file.path)])
        let bytes = [UInt8](try Data(contentsOf: file))
        // Runs of bytes worth writing: non-zero bytes with gaps under 16 zeros, in pieces of 48.
        var runs: [(offset: Int, bytes: ArraySlice<UInt8>)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] != 0 else { index += 1; continue }
            var end = index
            var zeros = 0
            while end < bytes.count, end - index < 48, zeros < 16 {
                zeros = bytes[end] == 0 ? zeros + 1 : 0
                end += 1
            }
            end -= zeros
            runs.append((index, bytes[index..<end]))
            index = end
        }
        let runLines = runs.map { "        (\($0.offset), \($0.bytes.count))," }
        let byteLines = stride(from: 0, to: runs.flatMap(\.bytes).count, by: 16).map { start in
            let all = runs.flatMap(\.bytes)
            return "        " + all[start..<min(start + 16, all.count)].map { String(format: "0x%02x,", $0) }
                .joined(separator: " ")
        }
        let source = """
            // Generated by `make store-image` from StoreSchema.current (StoreSchemaTests): do not edit.
            extension StoreImage {
                /// The image's length in bytes.
                static let size = \(bytes.count)

                /// Where the image's non-zero bytes go: runs of `bytes`, in order, each at its offset; every other
                /// byte is zero.
                static let runs: [(offset: Int, count: Int)] = [
            \(runLines.joined(separator: "\n"))
                ]

                /// The runs' bytes, one after another.
                static let bytes: [UInt8] = [
            \(byteLines.joined(separator: "\n"))
                ]
            }

            """
        let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LocalAuth/StoreImage+Bytes.swift")
        try source.write(to: target, atomically: true, encoding: .utf8)
    }
}
