import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport

/// Issue 27 item 2: integers past what a moment or an index can hold were trapped on (SIGILL) instead of answered.
@Suite("Extreme integers and odd update masks are answered, never trapped on")
struct OverflowCrashTests {
    /// 9999-12-31T23:59:59Z, the last second Google's Timestamp can hold.
    static let lastSecond = "253402300799"

    @Test("a validSince past year 9999 is refused; the account's tokens and lookups keep working")
    func hugeValidSince() throws {
        let emulator = try Emulator()
        let (uid, idToken, refreshToken) = try emulator.signUp()
        for value in ["9223372036854775807", "253402300800", "-1"] {
            let update = emulator.admin("POST", projectPath("/accounts:update"), ["localId": uid, "validSince": value])
            #expect(update.errorCode == "INVALID_VALID_SINCE", "\(value): \(update.json)")
            #expect(emulator.call("lookup", ["idToken": idToken]).status == 200)
            #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": [uid]]).status == 200)
            #expect(emulator.refresh(refreshToken).status == 200)
        }
    }

    @Test("the last second of year 9999 revokes every token; a new sign-in's token still works")
    func lastSecondValidSince() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp()
        let update = emulator.admin("POST", projectPath("/accounts:update"),
                                    ["localId": uid, "validSince": Self.lastSecond])
        #expect(update.status == 200)
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
        let listed = emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": [uid]]).array("users")
        #expect(listed.first?["validSince"]?.stringValue == Self.lastSecond)
        let signIn = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"])
        let fresh = try #require(signIn.string("idToken"))
        #expect(emulator.call("lookup", ["idToken": fresh]).status == 200)
    }

    @Test("a createdAt past year 9999 is listed as that user's error; batchGet answers")
    func hugeCreatedAt() throws {
        let emulator = try Emulator()
        let users: [[String: Any]] = [
            ["localId": "huge", "createdAt": "9223372036854775807"],
            ["localId": "past", "createdAt": "253402300800000"],
            ["localId": "last", "createdAt": "253402300799999"],
            ["localId": "first", "createdAt": "-62135596800000"],
        ]
        let reply = emulator.admin("POST", projectPath("/accounts:batchCreate"), ["users": users])
        let failed = reply.array("error").compactMap { $0["index"] }
        #expect(failed == [.number(0), .number(1)], "\(reply.json)")
        #expect(reply.array("error").allSatisfy { $0["message"]?.stringValue?.hasPrefix("INVALID_ARGUMENT") == true })
        let page = emulator.admin("GET", projectPath("/accounts:batchGet"))
        #expect(page.status == 200)
        let createdAt = Dictionary(uniqueKeysWithValues: page.array("users").compactMap { user in
            user["localId"]?.stringValue.map { ($0, user["createdAt"]?.stringValue ?? "") }
        })
        #expect(createdAt == ["last": "253402300799999", "first": "-62135596800000"])
    }

    @Test("moments a store already holds past any range read clamped, also after a restart")
    func storedMomentsOutOfRange() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        do {
            // The engine takes any Date: this is what earlier builds stored from such requests.
            let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
            var changes = AccountChanges()
            changes.uid = "far"
            _ = try engine.importAccount(changes, passwordHash: nil, identities: [],
                                         createdAt: Date(timeIntervalSince1970: 1e300), replacing: true)
            changes.uid = "never"
            _ = try engine.importAccount(changes, passwordHash: nil, identities: [],
                                         createdAt: Date(timeIntervalSince1970: -.infinity), replacing: true)
        }
        let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
        let api = IdentityToolkitAPI(engine: engine, projectID: testProject)
        let response = api.handle(HTTPRequest(method: "GET", path: projectPath("/accounts:batchGet"),
                                              headers: ["Authorization": "Bearer owner"]))
        #expect(response.status == 200)
        let users = try JSONValue(data: response.body)["users"]
        #expect(String(describing: users).contains("253402300799999"))
        #expect(String(describing: users).contains("-62135596800000"))
    }

    @Test("a mask path with an empty name is INVALID_ARGUMENT; empty paths are skipped",
          arguments: [(".", false), ("a,..,b", false), ("a..b", false), ("..", false), (".a", false), ("a.", false),
                      (String(repeating: "a.", count: 5_000), false), (",", true), ("", true),
                      ("displayName,,x", true)])
    func oddUpdateMask(mask: String, isValid: Bool) throws {
        let emulator = try Emulator()
        let tenant = try emulator.createTenant()
        let patches: [(String, [String: Any])] = [(configPath("/config"), ["autodeleteAnonymousUsers": true]),
                                                  (configPath("/tenants/\(tenant)"), ["displayName": "x"])]
        for (path, patch) in patches {
            let reply = emulator.admin("PATCH", path, patch, query: ["updateMask": mask])
            #expect(isValid ? reply.status == 200 : reply.errorCode == "INVALID_ARGUMENT",
                    "\(path) \(mask): \(reply.json)")
        }
    }
}
