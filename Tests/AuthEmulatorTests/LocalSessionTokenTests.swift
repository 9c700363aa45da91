import AuthCore
import AuthEmulator
import Foundation
import LocalAuth
import Testing
import TestSupport

/// The local backend's ID tokens against `fauth-tui emulator` on the same store (issue 29): one codec, one key.
@Suite("Local session ID tokens")
struct LocalSessionTokenTests {
    /// A store file in a fresh folder, removed by the caller.
    private static func storeFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("store.sqlite")
    }

    /// A local client on `path` issuing tokens for the test project.
    private static func client(_ path: URL, clock: TestClock) throws -> LocalAuthClient {
        try LocalAuthClient(path: path.path, clock: { clock.now }, passwordHashing: cheapHashing,
                            projectID: testProject)
    }

    @Test("a local sign-in's token is accepted by the emulator on the same store, with the claims it would mint")
    func acceptedByTheEmulator() async throws {
        let path = try Self.storeFile()
        defer { try? FileManager.default.removeItem(at: path.deletingLastPathComponent()) }
        let clock = TestClock()
        let client = try Self.client(path, clock: clock)
        _ = try await client.createUser(email: "Ada@example.com", password: "secret1")
        let uid = try #require(try await client.currentUser()?.uid)
        let token = try await client.idToken(forceRefresh: false)

        let emulator = try Emulator(storePath: path.path, clock: clock)
        let lookup = emulator.call("lookup", ["idToken": token])
        #expect(lookup.status == 200)
        #expect(lookup.array("users").first?["localId"]?.stringValue == uid)
        // `fauth-tui emulator` without --strict, which mints unsigned tokens, takes it too.
        let lenient = Emulator(engine: emulator.engine, clock: clock, projectID: testProject, strict: false)
        #expect(lenient.call("lookup", ["idToken": token]).array("users").first?["localId"]?.stringValue == uid)
        // The emulator's own sign-in at the same moment mints the same claims (under --strict, signed alike).
        let signIn = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1",
                                                          "returnSecureToken": true])
        let minted = try #require(signIn.string("idToken"))
        #expect(try jwtClaims(token) == jwtClaims(minted))
        #expect(try jwtSegment(token, 0) == jwtSegment(minted, 0))
        #expect(try jwtClaims(token)["firebase"]?["sign_in_provider"]?.stringValue == "password")
        // Another project's emulator on the store does not take it.
        let foreign = Emulator(engine: emulator.engine, clock: clock, projectID: "demo-other")
            .call("lookup", ["idToken": token])
        #expect(foreign.errorCode == "INVALID_ID_TOKEN")
    }

    @Test("the token is kept until five minutes before it expires, then refreshed; --force-refresh always is")
    func expiryAndRefresh() async throws {
        let path = try Self.storeFile()
        defer { try? FileManager.default.removeItem(at: path.deletingLastPathComponent()) }
        let clock = TestClock()
        let client = try Self.client(path, clock: clock)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        let signedInAt = clock.now
        let first = try await client.idToken(forceRefresh: false)
        #expect(try await client.idTokenResult().expirationDate == signedInAt.addingTimeInterval(IDToken.lifetime))

        clock.advance(by: 54 * 60)
        // Another process on the store (`fauth-tui token`) gets the same token while it is good for 5 more minutes.
        #expect(try await Self.client(path, clock: clock).idToken(forceRefresh: false) == first)
        #expect(try await client.idToken() == first)

        clock.advance(by: 2 * 60)
        let refreshed = try await client.idToken(forceRefresh: false)
        #expect(refreshed != first)
        #expect(try jwtClaims(refreshed)["iat"] == .number(clock.now.timeIntervalSince1970))
        #expect(try jwtClaims(refreshed)["auth_time"] == .number(signedInAt.timeIntervalSince1970))
        #expect(try await client.idTokenResult().expirationDate == clock.now.addingTimeInterval(IDToken.lifetime))

        clock.advance(by: 1)
        let forced = try await client.idToken(forceRefresh: true)
        #expect(forced != refreshed)
        #expect(try await Self.client(path, clock: clock).idToken(forceRefresh: false) == forced)

        // An hour after the first, the emulator refuses it and takes the refreshed one.
        clock.advance(by: 5 * 60)
        let emulator = try Emulator(storePath: path.path, clock: clock)
        #expect(emulator.call("lookup", ["idToken": first]).errorCode == "TOKEN_EXPIRED")
        #expect(emulator.call("lookup", ["idToken": forced]).status == 200)
    }

    @Test("a revoked token (validSince) is replaced, and nobody signed in gets USER_NOT_FOUND")
    func revocationAndSignOut() async throws {
        let path = try Self.storeFile()
        defer { try? FileManager.default.removeItem(at: path.deletingLastPathComponent()) }
        let clock = TestClock()
        let client = try Self.client(path, clock: clock)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        let uid = try #require(try await client.currentUser()?.uid)
        let first = try await client.idToken(forceRefresh: false)
        clock.advance(by: 10)
        let emulator = try Emulator(storePath: path.path, clock: clock)
        let revoke = emulator.admin("POST", projectPath("/accounts:update"),
                                    ["localId": uid, "validSince": String(Int(clock.now.timeIntervalSince1970))])
        #expect(revoke.status == 200)
        #expect(emulator.call("lookup", ["idToken": first]).errorCode == "TOKEN_EXPIRED")
        let renewed = try await client.idToken(forceRefresh: false)
        #expect(renewed != first)
        #expect(emulator.call("lookup", ["idToken": renewed]).status == 200)

        try await client.signOut()
        do {
            _ = try await client.idToken(forceRefresh: false)
            Issue.record("a token while signed out")
        } catch {
            #expect(error.code == .userNotFound)
        }
    }
}

extension Emulator {
    /// An emulator serving the test project from the store file at `storePath`, as `fauth-tui emulator --store`
    /// (with `--strict` unless `strict` is false).
    init(storePath: String, clock: TestClock, strict: Bool = true) throws {
        self.init(engine: try LocalAuthEngine(path: storePath, clock: { clock.now }, passwordHashing: cheapHashing),
                  clock: clock, projectID: testProject, strict: strict)
    }

    /// An emulator serving `projectID` from `engine`, under production's rules unless `strict` is false.
    init(engine: LocalAuthEngine, clock: TestClock, projectID: String, strict: Bool = true) {
        self.clock = clock
        self.engine = engine
        api = IdentityToolkitAPI(engine: engine, projectID: projectID, strict: strict)
    }
}
