import AuthEmulator
import Foundation
import HTTPServer
import JSON
import Testing
import TestSupport

@Suite("Identity Toolkit v3 (relyingparty) paths, served as their v1 equivalents")
struct RelyingPartyPathTests {
    private let prefix = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    /// POSTs `body` to the v3 operation, with an API key or the owner credential (v3 is not in the OpenAPI
    /// spec the emulator's helpers check against, so the request goes to the API directly).
    private func v3(_ emulator: Emulator, _ operation: String, _ body: [String: Any], admin: Bool = false) throws
        -> Reply {
        let response = emulator.api.handle(HTTPRequest(
            method: "POST", path: prefix + operation, query: admin ? [:] : ["key": "k"],
            headers: admin ? ["Authorization": "Bearer owner"] : [:],
            body: try JSONSerialization.data(withJSONObject: body)))
        return Reply(status: response.status, headers: response.headers,
                     json: (try? JSONValue(data: response.body)) ?? .null)
    }

    @Test("signupNewUser, verifyPassword and getAccountInfo act as signUp, signInWithPassword and lookup")
    func clientOperations() throws {
        let emulator = try Emulator()
        let created = try v3(emulator, "signupNewUser", ["email": "ada@example.com", "password": "secret1"])
        #expect(created.status == 200)
        let signedIn = try v3(emulator, "verifyPassword", ["email": "ada@example.com", "password": "secret1",
                                                       "returnSecureToken": true])
        #expect(signedIn.string("localId") == created.string("localId"))
        let idToken = try #require(signedIn.string("idToken"))
        let users = try v3(emulator, "getAccountInfo", ["idToken": idToken]).array("users")
        #expect(users.first?["email"]?.stringValue == "ada@example.com")
        #expect(try v3(emulator, "verifyPassword", ["email": "ada@example.com", "password": "wrong1"]).errorCode
            == "INVALID_PASSWORD")
    }

    @Test("uploadAccount and downloadAccount need targetProjectId and act on that project")
    func projectOperations() throws {
        let emulator = try Emulator()
        #expect(try v3(emulator, "downloadAccount", [:], admin: true).errorCode == "INSUFFICIENT_PERMISSION")
        let uploaded = try v3(emulator, "uploadAccount", [
            "targetProjectId": testProject, "users": [["localId": "uid-1", "email": "ada@example.com"]],
        ], admin: true)
        #expect(uploaded.status == 200)
        let downloaded = try v3(emulator, "downloadAccount", ["targetProjectId": testProject, "maxResults": 10],
                            admin: true)
        #expect(downloaded.array("users").compactMap { $0["localId"]?.stringValue } == ["uid-1"])
    }

    @Test("signOutUser is not implemented; unknown operations are not found")
    func unserved() throws {
        let emulator = try Emulator()
        #expect(try v3(emulator, "signOutUser", [:]).status == 501)
        #expect(try v3(emulator, "noSuchOperation", [:]).status == 404)
    }

    @Test("enum fields given by number are read as their names, in arrays too; unknown numbers stay refused")
    func enumNumbers() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp()
        let update = "/identitytoolkit.googleapis.com/v1/accounts:update"
        #expect(emulator.admin("POST", update, ["localId": uid, "displayName": "Ada"]).status == 200)
        #expect(emulator.admin("POST", update, ["localId": uid, "deleteAttribute": [2]], fitsSpec: false).status
            == 200)
        #expect(emulator.admin("POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", ["localId": [uid]])
            .array("users").first?["displayName"] == nil)
        let unknown = emulator.call("sendOobCode", ["email": "ada@example.com", "requestType": 42], fitsSpec: false)
        #expect(unknown.errorCode == "INVALID_ARGUMENT")
    }
}
