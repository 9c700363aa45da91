import AuthCore
import Foundation
@testable import LocalAuth
import Testing

/// A mistyped or hostile `--store` path never changes a file that is not a store of this user.
@Suite("Store file safety")
struct StoreFileSafetyTests {
    private func problem(openingStoreAt path: String) -> StoreProblem? {
        do {
            _ = try makeClient(path: path)
            Issue.record("opened \(path) as a store")
            return nil
        } catch {
            #expect(error.code == .storageFailure)
            return error.storeProblem
        }
    }

    private func attributes(of path: String) throws -> (mode: Int, contents: Data) {
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
        return (mode, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("a symbolic link to another file is refused and the file keeps its mode and contents")
    func symbolicLinkToAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("tool.sh")
        #expect(FileManager.default.createFile(atPath: target, contents: Data("#!/bin/sh\necho hi\n".utf8),
                                               attributes: [.posixPermissions: 0o4755]))
        let before = try attributes(of: target)
        let link = directory.file("store.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        #expect(problem(openingStoreAt: link) == .symbolicLink)
        let after = try attributes(of: target)
        #expect(after.mode == before.mode)
        #expect(after.contents == before.contents)
    }

    @Test("a symbolic link to a missing file is refused and creates nothing at its target")
    func symbolicLinkToNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("elsewhere.sqlite")
        let link = directory.file("store.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        #expect(problem(openingStoreAt: link) == .symbolicLink)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("a FIFO is refused without changing its mode")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        #expect(mkfifo(path, 0o644) == 0)

        #expect(problem(openingStoreAt: path) == .notRegularFile)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o644)
    }

    @Test("a directory is refused")
    func directoryPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(problem(openingStoreAt: directory.path) == .notRegularFile)
    }

    @Test("an executable that is not a database is refused and keeps its mode and contents")
    func executable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        let before = try attributes(of: path)

        #expect(problem(openingStoreAt: path) == .notDatabase)
        let after = try attributes(of: path)
        #expect(after.mode == before.mode)
        #expect(after.contents == before.contents)
    }

    @Test("a store of another user is refused and keeps its mode", .enabled(if: geteuid() == 0))
    func anotherUsersStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        _ = try await makeClient(path: path).createUser(email: "ada@example.com", password: "secret1")
        #expect(chmod(path, 0o644) == 0 && chown(path, 65534, 65534) == 0)

        #expect(problem(openingStoreAt: path) == .notOwned)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o644)
    }

    /// A store of 40 accounts, the last signed in, whose third page (or the root page of the index `index`) is
    /// then overwritten; its bytes.
    private func damagedStore(at path: String, journal: String = "WAL", index: String? = nil) async throws -> Data {
        do {
            let client = try makeClient(path: path)
            for index in 0..<40 {
                _ = try await client.createUser(email: "user\(index)@example.com", password: "secret1")
            }
            try SQLiteDatabase(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        if journal != "WAL" { try SQLiteDatabase(path: path).execute("PRAGMA journal_mode = \(journal)") }
        let pageSize = 4_096
        let page = try index.map { name in
            try SQLiteDatabase(path: path).first("SELECT rootpage FROM sqlite_schema WHERE name = ?", [.text(name)]) {
                Int($0.integer(0) ?? 0)
            } ?? 0
        } ?? 3
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > pageSize * 4 && page > 1)
        for offset in (pageSize * (page - 1))..<(pageSize * (page - 1) + 64) { bytes[offset] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        return bytes
    }

    /// Expects `body` to be refused because the store is damaged; `what` says what it did instead.
    private func expectRefusedAsDamaged(_ what: String, _ body: () async throws(AuthError) -> Void) async {
        do {
            try await body()
            Issue.record("\(what) despite a damaged page")
        } catch {
            #expect(error.storeProblem == .damaged)
        }
    }

    @Test("a store with a damaged page is refused and left byte for byte as it was")
    func damagedStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let bytes = try await damagedStore(at: path)

        #expect(problem(openingStoreAt: path) == .damaged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a damaged store whose check is deferred answers the session, then is refused for anything else")
    func damagedStoreCheckedAfterTheFirstFrame() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        // The index of sent messages, which reading the session does not touch.
        let bytes = try await damagedStore(at: path, index: "outbox_by_recipient")

        let client = try LocalAuthClient(path: path, passwordHashing: cheapHashing, defersCheck: true)
        guard case .known(let user?) = try client.sessionAtHand() else {
            Issue.record("the session was not read")
            return
        }
        #expect(user.email == "user39@example.com")
        await expectRefusedAsDamaged("checked") { () throws(AuthError) in try client.checkStore() }
        await expectRefusedAsDamaged("signed out") { () throws(AuthError) in try await client.signOut() }
        await expectRefusedAsDamaged("signed up") { () throws(AuthError) in
            _ = try await client.createUser(email: "new@example.com", password: "secret1")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a session read that meets the damaged page of a store whose check is deferred fails as damaged")
    func damagedSessionPage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let bytes = try await damagedStore(at: path)

        let client = try LocalAuthClient(path: path, passwordHashing: cheapHashing, defersCheck: true)
        await expectRefusedAsDamaged("read a session") { () throws(AuthError) in _ = try client.sessionAtHand() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a damaged store that opening would write into is refused at open even when its check is deferred")
    func damagedStoreNeedingAWrite() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let bytes = try await damagedStore(at: path, journal: "DELETE")

        await expectRefusedAsDamaged("opened in rollback mode") { () throws(AuthError) in
            _ = try LocalAuthClient(path: path, passwordHashing: cheapHashing, defersCheck: true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}
