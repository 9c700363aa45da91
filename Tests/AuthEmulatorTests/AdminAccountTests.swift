import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("Admin accounts API on project paths: create, lookup, update every field, list, delete, query")
struct AdminAccountTests {
    @Test("create with a chosen uid and every profile field; duplicates and non-admins are refused")
    func create() throws {
        let emulator = try Emulator()
        let body: [String: Any] = ["localId": "ada", "email": "ada@example.com", "password": "secret1",
                                   "phoneNumber": "+15555550100", "displayName": "Ada", "photoUrl": "https://p/a.png",
                                   "emailVerified": true, "disabled": false]
        let created = emulator.admin("POST", projectPath("/accounts"), body)
        #expect(created.status == 200 && created.string("localId") == "ada")
        let user = try #require(emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": ["ada"]])
            .array("users").first)
        #expect(user["phoneNumber"]?.stringValue == "+15555550100")
        #expect(user["photoUrl"]?.stringValue == "https://p/a.png")
        #expect(user["emailVerified"] == .bool(true))
        #expect(emulator.admin("POST", projectPath("/accounts"), ["localId": "ada"]).errorCode == "DUPLICATE_LOCAL_ID")
        #expect(emulator.admin("POST", projectPath("/accounts"), ["email": "ADA@example.com"]).errorCode
            == "EMAIL_EXISTS")
        #expect(emulator.admin("POST", projectPath("/accounts"), ["phoneNumber": "+15555550100"]).errorCode
            == "PHONE_NUMBER_EXISTS")
        #expect(emulator.admin("POST", projectPath("/accounts"), ["localId": ""]).errorCode == "INVALID_LOCAL_ID")
        #expect(emulator.admin("POST", projectPath("/accounts"), ["email": "b@example.com"], admin: false).errorCode
            == "INSUFFICIENT_PERMISSION")
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).status == 200)
    }

    @Test("lookup finds accounts by phone number and federated id")
    func lookupByIdentifiers() throws {
        let emulator = try Emulator()
        _ = emulator.admin("POST", projectPath("/accounts"), ["localId": "p", "phoneNumber": "+15555550111"])
        _ = emulator.admin("POST", projectPath("/accounts:update"), [
            "localId": "p", "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-7"],
        ])
        let reply = emulator.admin("POST", projectPath("/accounts:lookup"), [
            "phoneNumber": ["+15555550111"], "federatedUserId": [["providerId": "google.com", "rawId": "g-7"]],
        ])
        #expect(reply.array("users").compactMap { $0["localId"]?.stringValue } == ["p"])
        let providers = reply.array("users").first?["providerUserInfo"]
        #expect(String(describing: providers).contains("google.com"))
    }

    @Test("update honours claims, validSince, emailVerified, phone, photo, email, providers; none is dropped")
    func updateEveryField() throws {
        let emulator = try Emulator()
        let (uid, idToken, refreshToken) = try emulator.signUp()
        let update = emulator.admin("POST", projectPath("/accounts:update"), [
            "localId": uid, "customAttributes": #"{"role":"admin"}"#, "emailVerified": true,
            "phoneNumber": "+15555550122", "photoUrl": "https://p/x.png", "email": "new@example.com",
        ])
        #expect(update.status == 200 && update.string("email") == "new@example.com")
        let signIn = emulator.call("signInWithPassword", ["email": "new@example.com", "password": "secret1"])
        let claims = try jwtClaims(try #require(signIn.string("idToken")))
        #expect(claims["role"]?.stringValue == "admin" && claims["email_verified"] == .bool(true))
        #expect(claims["picture"]?.stringValue == "https://p/x.png")
        #expect(claims["phone_number"]?.stringValue == "+15555550122")

        emulator.clock.advance(by: 5)
        let revoke = String(Int(emulator.clock.now.timeIntervalSince1970))
        #expect(emulator.admin("POST", projectPath("/accounts:update"), ["localId": uid, "validSince": revoke]).status
            == 200)
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
        #expect(emulator.refresh(refreshToken).errorCode == "TOKEN_EXPIRED")

        let unlinked = emulator.admin("POST", projectPath("/accounts:update"), [
            "localId": uid, "deleteProvider": ["phone"], "deleteAttribute": ["PHOTO_URL"],
        ])
        #expect(unlinked.json["photoUrl"] == nil)
        #expect(!String(describing: unlinked.json["providerUserInfo"]).contains("phone"))
    }

    @Test("update refuses bad claims, admin fields from users, and fields it cannot honour")
    func updateRefusals() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp()
        let path = projectPath("/accounts:update")
        #expect(emulator.admin("POST", path, ["localId": uid, "customAttributes": #"{"sub":"x"}"#]).errorMessage
            == "FORBIDDEN_CLAIM : sub")
        #expect(emulator.admin("POST", path, ["localId": uid, "customAttributes": "[1]"]).errorCode == "INVALID_CLAIMS")
        let large = #"{"a":""# + String(repeating: "x", count: 1000) + #""}"#
        #expect(emulator.admin("POST", path, ["localId": uid, "customAttributes": large]).errorCode
            == "CLAIMS_TOO_LARGE")
        #expect(emulator.call("update", ["idToken": idToken, "customAttributes": "{}"]).errorCode
            == "INSUFFICIENT_PERMISSION")
        #expect(emulator.call("update", ["idToken": idToken, "emailVerified": true]).errorCode
            == "INSUFFICIENT_PERMISSION")
        #expect(emulator.admin("POST", path, ["localId": uid, "createdAt": "1"]).errorMessage?
            .hasPrefix("UNSUPPORTED_FIELD : createdAt") == true)
        #expect(emulator.admin("POST", path, ["localId": uid, "deleteAttribute": ["EMAIL"]]).errorCode
            == "UNSUPPORTED_FIELD")
    }

    @Test("batchGet pages in uid order; batchDelete needs force for enabled accounts; query filters and counts")
    func listDeleteQuery() throws {
        let emulator = try Emulator()
        for index in 0..<5 {
            _ = emulator.admin("POST", projectPath("/accounts"),
                               ["localId": "u\(index)", "email": "u\(index)@example.com"])
        }
        let first = emulator.admin("GET", projectPath("/accounts:batchGet"), query: ["maxResults": "2"])
        #expect(first.array("users").compactMap { $0["localId"]?.stringValue } == ["u0", "u1"])
        let token = try #require(first.string("nextPageToken"))
        let second = emulator.admin("GET", projectPath("/accounts:batchGet"),
                                    query: ["maxResults": "4", "nextPageToken": token])
        #expect(second.array("users").compactMap { $0["localId"]?.stringValue } == ["u2", "u3", "u4"])
        #expect(second.string("nextPageToken") == nil)

        let query = emulator.admin("POST", projectPath("/accounts:query"), [
            "expression": [["email": "U3@example.com"], ["userId": "u1"]], "order": "DESC",
        ])
        #expect(query.string("recordsCount") == "2")
        #expect(query.array("userInfo").compactMap { $0["localId"]?.stringValue } == ["u3", "u1"])
        let count = emulator.admin("POST", projectPath(":queryAccounts"), ["returnUserInfo": false])
        #expect(count.string("recordsCount") == "5" && count.json["userInfo"] == nil)

        let refused = emulator.admin("POST", projectPath("/accounts:batchDelete"), ["localIds": ["u0", "nobody"]])
        #expect(refused.array("errors").first?["localId"]?.stringValue == "u0")
        let forced = emulator.admin("POST", projectPath("/accounts:batchDelete"), ["localIds": ["u0"], "force": true])
        #expect(forced.status == 200 && forced.json["errors"] == nil)
        #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": ["u0"]]).json["users"] == nil)
    }

    @Test("sendOobCode on the project path returns links to this server's action page, which applies them")
    func linksAndActionPage() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp()
        let reply = emulator.admin("POST", projectPath("/accounts:sendOobCode"), [
            "requestType": "VERIFY_EMAIL", "email": "ada@example.com", "returnOobLink": true,
        ])
        let link = try #require(reply.string("oobLink"))
        let components = try #require(URLComponents(string: link))
        #expect(components.path == "/emulator/action")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        let page = emulator.api.handle(HTTPRequest(method: "GET", path: "/emulator/action", query: query))
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("verified"))
        let user = emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": [uid]]).array("users").first
        #expect(user?["emailVerified"] == .bool(true))
        #expect(emulator.api.handle(HTTPRequest(method: "GET", path: "/emulator/action", query: query)).status == 400)
    }
}
