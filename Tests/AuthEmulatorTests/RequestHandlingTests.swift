import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("API keys, routing and malformed requests: always a Firebase-shaped error")
struct RequestHandlingTests {
    private let signUpPath = "/identitytoolkit.googleapis.com/v1/accounts:signUp"

    /// A raw POST to signUp with `body` and an API key.
    private func post(_ emulator: Emulator, _ body: Data, path: String? = nil) -> Reply {
        emulator.send(HTTPRequest(method: "POST", path: path ?? signUpPath, query: ["key": "k"],
                                 headers: ["Content-Type": "application/json"], body: body))
    }

    @Test("a missing API key is 403 PERMISSION_DENIED, an empty one 400; the header and the owner work too")
    func apiKeys() throws {
        let emulator = try Emulator()
        let missing = emulator.call("signUp", [:], key: nil)
        #expect(missing.status == 403)
        #expect(missing.errorCode == "PERMISSION_DENIED")
        #expect(missing.json["error"]?["status"]?.stringValue == "PERMISSION_DENIED")
        let empty = emulator.call("signUp", [:], key: "")
        #expect(empty.status == 400 && empty.errorCode == "API_KEY_INVALID")
        #expect(emulator.call("signUp", [:], key: nil, headers: ["X-Goog-Api-Key": "k"]).status == 200)
        #expect(emulator.call("signUp", [:], key: nil, headers: ["Authorization": "Bearer owner"]).status == 200)
        let token = emulator.send(HTTPRequest(method: "POST", path: "/securetoken.googleapis.com/v1/token",
                                             body: Data("grant_type=refresh_token&refresh_token=x".utf8)))
        #expect(token.status == 403)
    }

    @Test("only the owner may name targetProjectId on a client path, and then acts on that project")
    func targetProjectID() throws {
        let emulator = try Emulator()
        let keyed = emulator.call("signUp", ["targetProjectId": testProject])
        #expect(keyed.status == 400)
        #expect(keyed.json["error"]?["message"]?.stringValue
            == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        let owned = emulator.call("signUp", ["targetProjectId": testProject, "email": "ada@example.com"], key: nil,
                                  headers: ["Authorization": "Bearer owner"])
        #expect(owned.status == 200 && owned.string("email") == "ada@example.com")
        let other = emulator.call("signUp", ["targetProjectId": "another-project"], key: nil,
                                  headers: ["Authorization": "Bearer owner"])
        #expect(other.status == 400, "a test API serves its own project only (single-project mode ERROR)")
    }

    /// Bodies that are not a JSON object of the right types, by name.
    private static let malformedBodies: [String: String] = [
        "truncated": "{",
        "array": "[1,2]",
        "string": "\"text\"",
        "number for a string": "{\"email\": 5}",
        "array for a string": "{\"email\": \"a@b.co\", \"password\": [\"x\"]}",
        "number for a boolean": "{\"returnSecureToken\": 1}",
        "string for a boolean": "{\"returnSecureToken\": \"true\"}",
        "not JSON": "\u{FF}\u{FE}",
        "deep arrays": String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000),
        "deep objects": "{\"a\":" + String(repeating: "{\"a\":", count: 3000) + "1"
            + String(repeating: "}", count: 3001),
    ]

    @Test("malformed bodies are 400 INVALID_ARGUMENT", arguments: malformedBodies.keys.sorted())
    func malformed(name: String) throws {
        let emulator = try Emulator()
        let reply = post(emulator, Data((Self.malformedBodies[name] ?? "").utf8))
        #expect(reply.status == 400)
        #expect(reply.errorCode == "INVALID_ARGUMENT")
        #expect(reply.json["error"]?["status"]?.stringValue == "INVALID_ARGUMENT")
    }

    @Test("wrong types are named in the error")
    func wrongTypeMessage() throws {
        let emulator = try Emulator()
        let reply = post(emulator, Data(#"{"email": 5}"#.utf8))
        #expect(reply.errorMessage == "INVALID_ARGUMENT : Invalid value at 'email' (TYPE_STRING)")
    }

    @Test("null is no value of a field's type, as in Firebase's emulator; unknown fields are ignored")
    func nullAndUnknown() throws {
        let emulator = try Emulator()
        let null = post(emulator, Data(#"{"email": null, "password": null}"#.utf8))
        #expect(null.status == 400 && null.errorMessage == "Invalid JSON payload received. /email must be string")
        #expect(null.errorCode == "INVALID_ARGUMENT")
        #expect(post(emulator, Data(#"{"somethingNew": 1}"#.utf8)).status == 200)
    }

    @Test("bodies are checked against the request's schema first, in the document's field order, depth first")
    func requestSchema() throws {
        let emulator = try Emulator()
        #expect(post(emulator, Data(#"{"password": "secret1", "displayName": true, "email": []}"#.utf8))
            .errorMessage == "Invalid JSON payload received. /displayName must be string")
        let owner = ["Authorization": "Bearer owner"]
        let batch = emulator.admin("POST", projectPath("/accounts:batchCreate"), [
            "users": [["localId": "a"], ["localId": "b", "emailVerified": "yes", "providerUserInfo": [["rawId": 7]]]],
        ], fitsSpec: false)
        #expect(batch.errorMessage == "Invalid JSON payload received. /users/1/emailVerified must be boolean")
        let rounds = emulator.admin("POST", projectPath("/accounts:batchCreate"),
                                    ["users": [["localId": "a"]], "hashAlgorithm": "SHA256", "rounds": "8"],
                                    fitsSpec: false)
        #expect(rounds.errorMessage == "Invalid JSON payload received. /rounds must be integer")
        // Before the account is looked up; a number stands for a string (int64 fields), as there.
        let update = emulator.call("update", ["localId": "nobody", "mfa": ["enrollments": ["+15555550100"]]],
                                   headers: owner, fitsSpec: false)
        #expect(update.errorMessage == "Invalid JSON payload received. /mfa/enrollments/0 must be object")
        #expect(emulator.call("update", ["localId": "nobody", "validSince": 5], headers: owner, fitsSpec: false)
            .errorCode == "USER_NOT_FOUND")
        let v2 = post(emulator, Data(#"{"mfaPendingCredential": ["x"]}"#.utf8),
                      path: "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start")
        #expect(v2.errorMessage == "Invalid JSON payload received. /mfaPendingCredential must be string")
    }

    @Test("a body nested 100 deep is read in time linear in its size; 101 deep is refused as invalid JSON")
    func deepNesting() throws {
        let emulator = try Emulator()
        let chain = String(repeating: "[", count: 98) + String(repeating: "]", count: 98)
        let body = "{\"a\":[" + Array(repeating: chain, count: 1_300).joined(separator: ",") + "]}"
        let clock = ContinuousClock()
        let started = clock.now
        #expect(post(emulator, Data(body.utf8)).status == 200)
        // Reading cost the square of the depth before: this body took minutes; now a fraction of a second.
        #expect(clock.now - started < .seconds(10))
        let deeper = post(emulator, Data(("{\"a\":[" + "[" + chain + "]" + "]}").utf8))
        #expect(deeper.status == 400)
        #expect(deeper.errorMessage == "Invalid JSON payload received. "
                    + "Nesting deeper than 100 levels at byte 104.")
    }

    @Test("display names over 256 characters and photo URLs over 2,048 are refused, at any depth of the body")
    func fieldLengths() throws {
        let emulator = try Emulator()
        let name = String(repeating: "n", count: 256)
        #expect(emulator.call("signUp", ["displayName": name + "n"]).errorMessage
                    == "INVALID_ARGUMENT : Invalid value at 'displayName': longer than 256 characters")
        let signedUp = emulator.call("signUp", ["displayName": name, "returnSecureToken": true], fitsSpec: false)
        #expect(signedUp.status == 200)
        let idToken = try #require(signedUp.string("idToken"))
        let photo = "https://example.com/" + String(repeating: "p", count: 2_048 - 20)
        #expect(emulator.call("update", ["idToken": idToken, "photoUrl": photo + "p"]).errorCode == "INVALID_ARGUMENT")
        #expect(emulator.call("update", ["idToken": idToken, "photoUrl": photo]).status == 200)
        let batch = emulator.admin("POST", "/identitytoolkit.googleapis.com/v1/projects/\(testProject)/accounts:batchCreate",
                                   ["users": [["localId": "u1", "displayName": name + "n"]]])
        #expect(batch.status == 400 && batch.errorCode == "INVALID_ARGUMENT")
        // Characters count as UTF-16 code units: 256 two-byte letters fit, as in Firebase's Java and JavaScript.
        #expect(emulator.call("signUp", ["displayName": String(repeating: "é", count: 256)]).status == 200)
    }

    @Test("bodies over 1 MiB are 413")
    func oversized() throws {
        let emulator = try Emulator()
        let reply = post(emulator, Data(repeating: UInt8(ascii: " "), count: IdentityToolkitAPI.maximumBodySize + 1))
        #expect(reply.status == 413)
        #expect(reply.errorCode == "PAYLOAD_TOO_LARGE")
    }

    @Test("unknown paths are 404 NOT_FOUND", arguments: [
        "/nothing", "/identitytoolkit.googleapis.com/v1/accounts:fly", "/identitytoolkit.googleapis.com/v2/x",
        "/emulator/v1/projects/\(testProject)/unknown",
        "/emulator/v1/projects/\(testProject)/oobCodes/extra", "",
    ])
    func unknownPaths(path: String) throws {
        let emulator = try Emulator()
        let reply = emulator.send(HTTPRequest(method: "GET", path: path))
        #expect(reply.status == 404)
        #expect(reply.errorCode == "NOT_FOUND")
    }

    @Test("wrong methods are 405", arguments: [
        ("GET", "/identitytoolkit.googleapis.com/v1/accounts:signUp"),
        ("DELETE", "/securetoken.googleapis.com/v1/token"),
        ("POST", "/emulator/v1/projects/\(testProject)/oobCodes"),
        ("GET", "/emulator/v1/projects/\(testProject)/accounts"),
        ("POST", "/"),
    ])
    func wrongMethods(method: String, path: String) throws {
        let emulator = try Emulator()
        let reply = emulator.send(HTTPRequest(method: method, path: path, query: ["key": "k"]))
        #expect(reply.status == 405)
        #expect(reply.errorCode == "METHOD_NOT_ALLOWED")
    }

    @Test("GET / says the emulator is ready")
    func health() throws {
        let emulator = try Emulator()
        let reply = emulator.send(HTTPRequest(method: "GET", path: "/"))
        #expect(reply.status == 200)
        #expect(reply.json["authEmulator"]?["ready"] == .bool(true))
    }

    @Test("DELETE accounts wipes users but keeps pending codes; config reports the settings")
    func emulatorEndpoints() throws {
        let emulator = try Emulator()
        let (_, idToken, _) = try emulator.signUp()
        _ = emulator.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        #expect(emulator.emulator("accounts", method: "DELETE").status == 200)
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "USER_NOT_FOUND")
        #expect(emulator.oobCodes().count == 1)
        let config = emulator.emulator("config")
        #expect(config.json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"] == .bool(false))
        #expect(config.json["signIn"]?["allowDuplicateEmails"] == .bool(false))
        let duplicates = emulator.emulator("config", method: "PATCH",
                                           body: Data(#"{"signIn":{"allowDuplicateEmails":true}}"#.utf8))
        #expect(duplicates.json["signIn"]?["allowDuplicateEmails"] == .bool(true))
        #expect(emulator.emulator("config").json["signIn"]?["allowDuplicateEmails"] == .bool(true))
        #expect(emulator.emulator("config", method: "PATCH", body: Data("nope".utf8)).errorCode == "INVALID_ARGUMENT")
    }

    @Test("handling many requests at once from several threads is safe")
    func concurrentRequests() async throws {
        let emulator = try Emulator()
        let api = emulator.api
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let body = Data(#"{"email":"user\#(index)@example.com","password":"secret1"}"#.utf8)
                    let path = "/identitytoolkit.googleapis.com/v1/accounts:signUp"
                    return api.handle(HTTPRequest(method: "POST", path: path, query: ["key": "k"], body: body)).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 16))
    }
}
