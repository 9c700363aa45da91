import AuthEmulator
import Foundation
import Testing
import TestSupport

@Suite("lookup, update, delete and createAuthUri")
struct AccountEndpointTests {
    @Test("lookup reports the user of an ID token with production's field names")
    func lookup() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp("Ada@example.com")
        let reply = emulator.call("lookup", ["idToken": idToken])
        #expect(reply.string("kind") == "identitytoolkit#GetAccountInfoResponse")
        let user = try #require(reply.array("users").first)
        #expect(user["localId"]?.stringValue == uid)
        #expect(user["email"]?.stringValue == "ada@example.com", "kept lower-cased, as Firebase's emulator")
        #expect(user["emailVerified"] == .bool(false))
        #expect(user["disabled"] == .bool(false))
        #expect(user["createdAt"]?.stringValue == "1800000000000")
        #expect(user["lastLoginAt"]?.stringValue == "1800000000000")
        #expect(user["passwordUpdatedAt"] == .number(1_800_000_000_000))
        #expect(user["validSince"]?.stringValue == "1800000000")
        #expect(user["providerUserInfo"] == .array([.object([
            "providerId": .string("password"), "rawId": .string("ada@example.com"),
            "federatedId": .string("ada@example.com"), "email": .string("ada@example.com"),
        ])]))
    }

    @Test("the owner credential looks accounts up by localId and email; others may not")
    func adminLookup() throws {
        let emulator = try Emulator()
        let ada = try emulator.signUp()
        let bob = try emulator.signUp("bob@example.com")
        let body: [String: Any] = ["localId": [ada.uid, "missing"], "email": ["BOB@example.com"]]
        #expect(emulator.call("lookup", body).errorCode == "INSUFFICIENT_PERMISSION")
        let reply = emulator.call("lookup", body, key: nil, headers: ["authorization": "Bearer owner"])
        #expect(reply.status == 200)
        #expect(reply.array("users").compactMap { $0["localId"]?.stringValue } == [ada.uid, bob.uid])
        let none = emulator.call("lookup", ["localId": ["missing"]], headers: ["Authorization": "Bearer owner"])
        #expect(none.status == 200 && none.json["users"] == nil)
    }

    @Test("a production access token (Bearer ya29.…) is the owner's, as in Firebase's emulator; other bearers are not")
    func accessTokenIsOwner() throws {
        let emulator = try Emulator()
        let ada = try emulator.signUp()
        let body: [String: Any] = ["localId": [ada.uid]]
        let owner = emulator.call("lookup", body, key: nil, headers: ["Authorization": "bearer ya29.a0Af-made-up"])
        #expect(owner.array("users").compactMap { $0["localId"]?.stringValue } == [ada.uid])
        for header in ["Bearer YA29.a0Af-made-up", "Bearer someone", "ya29.a0Af-made-up", "Bearer  ya29.x"] {
            #expect(emulator.call("lookup", body, headers: ["Authorization": header]).errorCode
                == "INSUFFICIENT_PERMISSION", "\(header)")
        }
    }

    @Test("update sets and removes the display name, and answers with the account")
    func updateProfile() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp()
        let set = emulator.call("update", ["idToken": idToken, "displayName": "Ada", "returnSecureToken": true])
        #expect(set.status == 200)
        #expect(set.string("localId") == uid)
        #expect(set.string("displayName") == "Ada")
        #expect(set.string("idToken") == nil)
        #expect(emulator.user(idToken)?["displayName"]?.stringValue == "Ada")
        let removed = emulator.call("update", ["idToken": idToken, "deleteAttribute": ["DISPLAY_NAME"]])
        #expect(removed.string("displayName") == nil)
        #expect(emulator.user(idToken)?["displayName"] == nil)
    }

    @Test("update errors: no token, weak password, unknown attribute, email change under protection, bad factors")
    func updateErrors() throws {
        let emulator = try Emulator(emailEnumerationProtection: true)
        let (_, idToken, _) = try emulator.signUp()
        #expect(emulator.call("update", ["displayName": "x"]).errorMessage
            == "INVALID_REQ_TYPE : Unsupported request parameters.")
        #expect(emulator.call("update", ["displayName": "x"], headers: ["Authorization": "Bearer owner"]).errorCode
            == "MISSING_LOCAL_ID")
        #expect(emulator.call("update", ["idToken": idToken, "password": "123"]).errorCode == "WEAK_PASSWORD")
        #expect(emulator.call("update", ["idToken": idToken, "deleteAttribute": ["NICKNAME"]], fitsSpec: false)
            .errorCode == "INVALID_ARGUMENT")
        #expect(emulator.call("update", ["idToken": idToken, "email": "new@example.com"]).errorCode
            == "OPERATION_NOT_ALLOWED")
        let factors = emulator.call("update", ["idToken": idToken, "mfa": ["enrollments": [["phoneInfo": "555"]]]])
        #expect(factors.errorMessage == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
        #expect(emulator.call("update", ["idToken": idToken, "disableUser": true]).errorCode
            == "INSUFFICIENT_PERMISSION")
    }

    @Test("delete removes the user of the token; the owner deletes by localId")
    func delete() throws {
        let emulator = try Emulator()
        let ada = try emulator.signUp()
        let bob = try emulator.signUp("bob@example.com")
        let reply = emulator.call("delete", ["idToken": ada.idToken])
        #expect(reply.status == 200)
        #expect(reply.string("kind") == "identitytoolkit#DeleteAccountResponse")
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).errorCode
            == "EMAIL_NOT_FOUND")
        #expect(emulator.call("delete", ["localId": bob.uid]).errorCode == "MISSING_ID_TOKEN")
        #expect(emulator.call("delete", ["localId": bob.uid], headers: ["Authorization": "Bearer owner"]).status
            == 200)
        #expect(emulator.call("lookup", ["idToken": bob.idToken]).errorCode == "USER_NOT_FOUND")
        #expect(emulator.call("delete", ["localId": bob.uid], headers: ["Authorization": "Bearer owner"]).errorCode
            == "USER_NOT_FOUND")
    }

    @Test("createAuthUri lists sign-in methods only without email-enumeration protection")
    func createAuthUri() throws {
        let protected = try Emulator(emailEnumerationProtection: true)
        _ = try protected.signUp()
        let hidden = protected.call("createAuthUri", ["identifier": "ada@example.com",
                                                      "continueUri": "http://localhost"])
        #expect(hidden.status == 200)
        #expect(hidden.json["signinMethods"] == nil && hidden.json["registered"] == nil)
        #expect(hidden.string("sessionId")?.isEmpty == false)

        let open = try Emulator()
        _ = try open.signUp()
        let shown = open.call("createAuthUri", ["identifier": "ada@example.com", "continueUri": "http://localhost"])
        #expect(shown.bool("registered") == true)
        #expect(shown.array("signinMethods") == [.string("password")])
        #expect(shown.array("allProviders") == [.string("password")])
        let unknown = open.call("createAuthUri", ["identifier": "bob@example.com", "continueUri": "http://localhost"])
        #expect(unknown.bool("registered") == false && unknown.json["signinMethods"] == .array([]))
        let guest = open.call("signUp", [:])
        #expect(open.call("update", ["idToken": guest.string("idToken") ?? "", "email": "guest@example.com"]).status
            == 200)
        let passwordless = open.call("createAuthUri", ["identifier": "guest@example.com",
                                                       "continueUri": "http://localhost"])
        #expect(passwordless.bool("registered") == true && passwordless.json["signinMethods"] == .array([]))
    }

    @Test("createAuthUri errors", arguments: [
        (["continueUri": "http://localhost"], "MISSING_IDENTIFIER"),
        (["identifier": "ada@example.com"], "MISSING_CONTINUE_URI"),
        (["identifier": "not an email", "continueUri": "http://localhost"], "INVALID_IDENTIFIER"),
        (["providerId": "google.com"], "MISSING_CONTINUE_URI"),
        (["providerId": "google.com", "continueUri": "not an address"], "INVALID_CONTINUE_URI"),
        // Issue 27 item 13: the hand-off returns only to an authorised domain, as production's does.
        (["providerId": "google.com", "continueUri": "https://evil.example/"], "UNAUTHORIZED_DOMAIN"),
        (["providerId": "google.com", "continueUri": "http://127.0.0.1.evil.example:9/"], "UNAUTHORIZED_DOMAIN"),
        (["providerId": "password", "continueUri": "http://localhost"], "INVALID_PROVIDER_ID"),
    ])
    func createAuthUriErrors(body: [String: String], code: String) throws {
        let emulator = try Emulator()
        #expect(emulator.call("createAuthUri", body).errorCode == code)
    }
}
