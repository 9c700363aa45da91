import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("Store file")
struct StoreFileTests {
    @Test("the session survives reopening the store until sign-out")
    func sessionPersists() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let created = try await makeClient(path: path).createUser(email: "ada@example.com", password: "secret1")

        let reopened = try makeClient(path: path)
        #expect(try await reopened.currentUser() == signedInUser(created))
        #expect(try await reopened.idTokenResult().signInProvider == "password")
        try await reopened.signOut()

        #expect(try await makeClient(path: path).currentUser() == nil)
        _ = try await makeClient(path: path).signIn(email: "ada@example.com", password: "secret1")
    }

    @Test("a missing directory is created owner-only when asked, and the database file is 0600")
    func fileModes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("nested/fauth-tui/local.sqlite")
        let client = try LocalAuthClient(path: path, createsDirectories: true, passwordHashing: cheapHashing)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")

        #expect(try permissions(of: path) == 0o600)
        #expect(try permissions(of: (path as NSString).deletingLastPathComponent) == 0o700)
        let wal = path + "-wal"
        if FileManager.default.fileExists(atPath: wal) {
            #expect(try permissions(of: wal) == 0o600)
        }
    }

    @Test("without being asked, no directory is created: a missing one gives STORAGE_FAILURE")
    func missingDirectoryIsNotCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            _ = try makeClient(path: directory.file("missing/dir/local.sqlite"))
            Issue.record("opened a store in a folder that does not exist")
        } catch {
            #expect(error.code == .storageFailure)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing")))
    }

    @Test("an existing store readable by others is made owner-only")
    func looseModeIsTightened() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try makeClient(path: path)
        #expect(try permissions(of: path) == 0o600)
    }

    @Test("an unusable path gives STORAGE_FAILURE")
    func unusablePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.file("plain-file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        do {
            _ = try makeClient(path: blocker + "/store.sqlite")
            Issue.record("opened a store below a plain file")
        } catch {
            #expect(error.code == .storageFailure)
        }
    }

    @Test("a file that is not a database gives STORAGE_FAILURE")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("junk.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 4096)))
        do {
            _ = try makeClient(path: path)
            Issue.record("opened a file that is not a database")
        } catch {
            #expect(error.code == .storageFailure)
        }
    }

    @Test("a new store is at the current schema version (10); a newer store is refused")
    func schemaVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        _ = try makeClient(path: path)
        let database = try SQLiteDatabase(path: path)
        #expect(try database.first("PRAGMA user_version") { $0.integer(0) } == 10)
        #expect(StoreSchema.currentVersion == 10)
        #expect(try database.first("PRAGMA journal_mode") { $0.text(0) } == "wal")

        try database.execute("PRAGMA user_version = 11")
        do {
            _ = try makeClient(path: path)
            Issue.record("opened a store from the future")
        } catch {
            #expect(error.code == .storageFailure)
        }
    }

    @Test("the default path follows XDG_DATA_HOME, else HOME")
    func defaultPath() {
        #expect(LocalAuthClient.defaultStorePath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"])
            == "/data/fauth-tui/local.sqlite")
        #expect(LocalAuthClient.defaultStorePath(environment: ["HOME": "/home/ada"])
            == "/home/ada/.local/share/fauth-tui/local.sqlite")
        #expect(LocalAuthClient.defaultStorePath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"])
            == "/home/ada/.local/share/fauth-tui/local.sqlite")
    }
}
