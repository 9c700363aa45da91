import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct SessionPersistenceTests {
    private let user = User(uid: "uid-1", email: "ann@example.com", providerIDs: ["password"])

    private func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-\(UUID().uuidString)").path
        return path
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theFileIsOwnerOnlyInAnOwnerOnlyDirectory() throws {
        let base = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = FileSessionStore(path: base + "/fauth-tui/session.json")
        let session = PersistedSession(idToken: "id", refreshToken: "refresh",
                                       expiresAt: Date(timeIntervalSince1970: 5), user: user)

        try store.save(session)

        #expect(try mode(store.path) == 0o600)
        #expect(try mode(base + "/fauth-tui") == 0o700)
        #expect(store.load() == session)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/fauth-tui") == ["session.json"])
        try store.clear()
        #expect(!FileManager.default.fileExists(atPath: store.path))
        try store.clear()
    }

    @Test func theDefaultPathIsPerEndpointUnderTheConfigHome() {
        let production = FileSessionStore.defaultPath(for: .production(apiKey: "K"),
                                                      environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/ann"])
        let emulator = FileSessionStore.defaultPath(
            for: .emulator(host: "127.0.0.1", port: 9099, projectID: "demo-x"), environment: ["HOME": "/home/ann"])
        #expect(production.hasPrefix("/cfg/fauth-tui/session-"))
        #expect(production.hasSuffix(".json"))
        #expect(!production.contains("K"))
        #expect(emulator.hasPrefix("/home/ann/.config/fauth-tui/session-"))
        #expect(production.dropFirst(4) != emulator.dropFirst(15))
        #expect(FileSessionStore.defaultPath(for: .production(apiKey: "K"), environment: ["XDG_CONFIG_HOME": "/cfg"])
            == production)
    }

    @Test func aSignInIsSavedAndRestoredByTheNextClient() async throws {
        let base = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = FileSessionStore(path: base + "/session.json")
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithPassword")
        _ = try await stub.client(store: store).signIn(email: "ann@example.com", password: "pw-123456")
        #expect(try mode(store.path) == 0o600)
        #expect(!(try String(contentsOfFile: store.path, encoding: .utf8)).contains("pw-123456"))

        let restarted = stub.client(store: FileSessionStore(path: store.path))
        stub.reply("accounts:lookup", Fixtures.lookup(displayName: "Ann"))
        let restored = try await restarted.currentUser()
        let again = try await restarted.currentUser()

        #expect(restored?.displayName == "Ann")
        #expect(again == restored)
        #expect(stub.requests("accounts:lookup").count == 2)
        #expect(stub.requests("accounts:lookup").last?.string("idToken") == Fixtures.idToken())
    }

    @Test(arguments: ["USER_NOT_FOUND", "USER_DISABLED", "TOKEN_EXPIRED", "INVALID_ID_TOKEN"])
    func aRestoredSessionTheServerRejectsIsCleared(message: String) async throws {
        let base = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = FileSessionStore(path: base + "/session.json")
        try store.save(PersistedSession(idToken: Fixtures.idToken(), refreshToken: "r",
                                        expiresAt: TestClock().now.addingTimeInterval(3600), user: user))
        let stub = StubServer()
        stub.replyError("accounts:lookup", message)
        stub.reply("token", Fixtures.refreshed(idToken: Fixtures.idToken(serial: 2)))
        stub.replyError("accounts:lookup", message)

        #expect(try await stub.client(store: store).currentUser() == nil)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func anExpiredRestoredSessionIsRefreshedBeforeTheCheck() async throws {
        let store = MemorySessionStore(PersistedSession(idToken: Fixtures.idToken(), refreshToken: "refresh-1",
                                                        expiresAt: TestClock().now.addingTimeInterval(-60), user: user))
        let stub = StubServer()
        let fresh = Fixtures.idToken(serial: 2)
        stub.reply("token", Fixtures.refreshed(idToken: fresh))
        stub.reply("accounts:lookup", Fixtures.lookup())

        #expect(try await stub.client(store: store).currentUser() == user)
        #expect(stub.requests.map(\.operation) == ["token", "accounts:lookup"])
        #expect(stub.requests("accounts:lookup").first?.string("idToken") == fresh)
        #expect(store.load()?.idToken == fresh)
    }

    @Test func aCheckThatCannotReachTheServerKeepsTheSession() async throws {
        let expiresAt = TestClock().now.addingTimeInterval(3600)
        let store = MemorySessionStore(PersistedSession(idToken: Fixtures.idToken(), refreshToken: "refresh-1",
                                                        expiresAt: expiresAt, user: user))
        let stub = StubServer()
        stub.fail("accounts:lookup", .cannotConnectToHost)
        stub.reply("accounts:lookup", Fixtures.lookup())
        let client = stub.client(store: store)

        let error = await #expect(throws: AuthError.self) { try await client.currentUser() }
        #expect(error?.code == .networkRequestFailed)
        #expect(store.load() != nil)
        #expect(try await client.currentUser() == user)
    }

    @Test func signingOutDeletesTheFile() async throws {
        let base = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = FileSessionStore(path: base + "/session.json")
        let client = StubServer().signedInClient(store: store)
        #expect(FileManager.default.fileExists(atPath: store.path))

        try await client.signOut()

        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(try await client.currentUser() == nil)
    }

    @Test func anotherProcessesLaterSignInSurvivesThisOnesRefreshProfileChangeAndSignOut() async throws {
        let base = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = FileSessionStore(path: base + "/session.json")
        let stub = StubServer()
        let clock = TestClock()
        let client = stub.signedInClient(store: store, clock: clock, expiresIn: 60)
        let bob = PersistedSession(idToken: "bob-id-token", refreshToken: "bob-refresh",
                                   expiresAt: clock.now.addingTimeInterval(3600),
                                   user: User(uid: "uid-2", email: "bob@example.com", providerIDs: ["password"]))
        try FileSessionStore(path: store.path).save(bob)  // another interface signs bob in on the same file

        stub.reply("token", Fixtures.refreshed(idToken: Fixtures.idToken(serial: 2)))
        #expect(try await client.idToken() == Fixtures.idToken(serial: 2))
        stub.reply("accounts:lookup", Fixtures.lookup(displayName: "Ann"))
        #expect(try await client.reload().displayName == "Ann")
        #expect(store.load() == bob)
        try await client.signOut()
        #expect(store.load() == bob)
        #expect(try await client.currentUser() == nil)
    }

    @Test func anUnreadableFileIsNoSession() async throws {
        let base = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: base + "/session.json", contents: Data("{garbage".utf8)))
        let client = StubServer().client(store: FileSessionStore(path: base + "/session.json"))
        #expect(try await client.currentUser() == nil)
    }

    @Test func aSignInWhoseLookupFailsStillSignsInAndIsCheckedLater() async throws {
        let stub = StubServer()
        let client = stub.client()
        stub.reply("accounts:signInWithPassword", Fixtures.tokens())
        stub.fail("accounts:lookup", .timedOut)
        stub.reply("accounts:lookup", Fixtures.lookup(displayName: "Ann"))

        let outcome = try await client.signIn(email: "ann@example.com", password: "pw-123456")
        let checked = try await client.currentUser()

        #expect(outcome == .signedIn(User(uid: "uid-1", providerIDs: ["password"])))
        #expect(checked?.displayName == "Ann")
        #expect(stub.requests("accounts:lookup").count == 2)
    }
}
