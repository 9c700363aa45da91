import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("sendOobCode, resetPassword, signInWithEmailLink and the oobCodes inbox")
struct EmailCodeEndpointTests {
    @Test("a reset code is listed, inspected without being used, applied once, then gone")
    func passwordReset() throws {
        let emulator = try Emulator()
        _ = try emulator.signUp("Ada@example.com")
        let send = emulator.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        #expect(send.status == 200)
        #expect(send.string("email") == "ada@example.com")
        let listed = try #require(emulator.oobCodes().first)
        #expect(listed["requestType"]?.stringValue == "PASSWORD_RESET")
        #expect(listed["email"]?.stringValue == "ada@example.com", "kept lower-cased, as Firebase's emulator")
        let code = try #require(listed["oobCode"]?.stringValue)
        #expect(listed["oobLink"]?.stringValue?.contains("oobCode=\(code)") == true)

        let inspect = emulator.call("resetPassword", ["oobCode": code])
        #expect(inspect.string("requestType") == "PASSWORD_RESET")
        #expect(inspect.string("email") == "ada@example.com")
        let apply = emulator.call("resetPassword", ["oobCode": code, "newPassword": "newsecret"])
        #expect(apply.status == 200)
        #expect(apply.string("requestType") == "PASSWORD_RESET")
        #expect(emulator.oobCodes().isEmpty)
        #expect(emulator.call("resetPassword", ["oobCode": code, "newPassword": "again12"]).errorCode
            == "INVALID_OOB_CODE")
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "newsecret"]).status
            == 200)
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).errorCode
            == "INVALID_PASSWORD")
    }

    @Test("reset errors: missing code, unknown code, weak password, expired code")
    func resetErrors() throws {
        let emulator = try Emulator()
        _ = try emulator.signUp()
        _ = emulator.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        let code = try #require(emulator.oobCodes().first?["oobCode"]?.stringValue)
        #expect(emulator.call("resetPassword", [:]).errorCode == "MISSING_OOB_CODE")
        #expect(emulator.call("resetPassword", ["oobCode": "nope"]).errorCode == "INVALID_OOB_CODE")
        #expect(emulator.call("resetPassword", ["oobCode": code, "newPassword": "123"]).errorCode == "WEAK_PASSWORD")
        emulator.clock.advance(by: 3601)
        #expect(emulator.call("resetPassword", ["oobCode": code]).errorCode == "EXPIRED_OOB_CODE")
        #expect(emulator.oobCodes().isEmpty)
    }

    @Test("a reset for an unknown email answers 200 under protection (also to the owner) and EMAIL_NOT_FOUND without")
    func unknownEmail() throws {
        let protected = try Emulator(emailEnumerationProtection: true)
        #expect(protected.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "x@example.com"]).status
            == 200)
        let owner = protected.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "x@example.com",
                                                   "returnOobLink": true],
                                   key: nil, headers: ["Authorization": "Bearer owner"])
        #expect(owner.status == 200 && owner.string("email") == "x@example.com" && owner.json["oobCode"] == nil)
        #expect(protected.oobCodes().isEmpty)
        let open = try Emulator()
        #expect(open.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "x@example.com"]).errorCode
            == "EMAIL_NOT_FOUND")
    }

    @Test("sendOobCode errors", arguments: [
        ([:], "MISSING_REQ_TYPE"),
        (["requestType": "SOMETHING"], "INVALID_ARGUMENT"),
        (["requestType": "PASSWORD_RESET"], "MISSING_EMAIL"),
        (["requestType": "PASSWORD_RESET", "email": "nope"], "INVALID_EMAIL"),
        (["requestType": "EMAIL_SIGNIN"], "MISSING_EMAIL"),
        (["requestType": "VERIFY_EMAIL"], "INVALID_ID_TOKEN"),
    ])
    func sendErrors(body: [String: String], code: String) throws {
        let emulator = try Emulator()
        let reply = emulator.call("sendOobCode", body, fitsSpec: code != "INVALID_ARGUMENT")
        #expect(reply.status == 400)
        #expect(reply.errorCode == code)
    }

    @Test("returnOobLink needs the owner credential, and then answers with the code and link")
    func returnOobLink() throws {
        let emulator = try Emulator()
        _ = try emulator.signUp()
        let body: [String: Any] = ["requestType": "PASSWORD_RESET", "email": "ada@example.com", "returnOobLink": true]
        #expect(emulator.call("sendOobCode", body).errorCode == "INSUFFICIENT_PERMISSION")
        let admin = emulator.call("sendOobCode", body, key: nil, headers: ["Authorization": "Bearer owner"])
        #expect(admin.status == 200)
        #expect(admin.string("oobCode") == emulator.oobCodes().first?["oobCode"]?.stringValue)
        #expect(admin.string("oobLink")?.contains("mode=resetPassword") == true)
    }

    @Test("an email link signs up once (isNewUser), a second code signs in to the same account")
    func emailLink() throws {
        let emulator = try Emulator()
        let send = emulator.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com",
                                                 "continueUrl": "https://app.example/finish",
                                                 "canHandleCodeInApp": true])
        #expect(send.status == 200)
        let listed = try #require(emulator.oobCodes().first)
        #expect(listed["requestType"]?.stringValue == "EMAIL_SIGNIN")
        let code = try #require(listed["oobCode"]?.stringValue)
        #expect(emulator.call("resetPassword", ["oobCode": code]).string("requestType") == "EMAIL_SIGNIN")
        #expect(emulator.call("resetPassword", ["oobCode": code]).string("email") == nil)

        let first = emulator.call("signInWithEmailLink", ["email": "ada@example.com", "oobCode": code])
        #expect(first.status == 200)
        #expect(first.bool("isNewUser") == true)
        let claims = try jwtClaims(try #require(first.string("idToken")))
        #expect(claims["email_verified"] == .bool(true))
        // A link signs in as `password`, as Firebase says; the account's methods still name the link.
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
        let methods = emulator.call("createAuthUri", ["identifier": "ada@example.com",
                                                      "continueUri": "http://localhost"])
        #expect(methods.array("signinMethods") == [.string("emailLink")])
        #expect(emulator.call("signInWithEmailLink", ["email": "ada@example.com", "oobCode": code]).errorCode
            == "INVALID_OOB_CODE")

        _ = emulator.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com",
                                          "continueUrl": "https://app.example/finish"])
        let second = try #require(emulator.oobCodes().first?["oobCode"]?.stringValue)
        #expect(emulator.call("signInWithEmailLink", ["email": "bob@example.com", "oobCode": second]).errorCode
            == "INVALID_EMAIL")
        let again = emulator.call("signInWithEmailLink", ["email": "ada@example.com", "oobCode": second])
        #expect(again.bool("isNewUser") == false)
        #expect(again.string("localId") == first.string("localId"))
    }

    @Test("an email link needs no continueUrl (as Firebase's emulator); its action page then asks for one")
    func emailLinkWithoutContinueURL() throws {
        let emulator = try Emulator()
        let reply = emulator.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com",
                                                  "returnOobLink": true],
                                  key: nil, headers: ["Authorization": "Bearer owner"])
        #expect(reply.status == 200)
        let oobLink = try #require(reply.string("oobLink"))
        let link = try #require(URLComponents(string: oobLink))
        let query = Dictionary(uniqueKeysWithValues: (link.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["mode"] == "signIn" && query["continueUrl"] == nil)
        let page = emulator.api.handle(HTTPRequest(method: "GET", path: "/emulator/action", query: query))
        #expect(page.status == 400 && String(decoding: page.body, as: UTF8.self).contains("continueUrl"))
        let signIn = emulator.call("signInWithEmailLink", ["email": "ada@example.com",
                                                           "oobCode": query["oobCode"] ?? ""])
        #expect(signIn.status == 200 && signIn.bool("isNewUser") == true)
    }

    @Test("the action pages of VERIFY_AND_CHANGE_EMAIL and RECOVER_EMAIL links change the email and restore it")
    func emailChangeLinks() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp("ada@example.com")
        #expect(emulator.call("sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken,
                                              "newEmail": "Ada.New@Example.com"]).status == 200)
        let change = try #require(emulator.oobCodes().first)
        #expect(change["newEmail"]?.stringValue == "ada.new@example.com")
        #expect(try open(change, in: emulator).status == 200)
        #expect(try emulator.engine.account(uid: uid)?.email == "ada.new@example.com")
        #expect(try emulator.engine.account(uid: uid)?.isEmailVerified == true)
        #expect(try open(change, in: emulator).status == 400, "a used link")

        // The change above came from a code: it keeps no initial email. A change by the user does.
        let reply = emulator.admin("POST", projectPath("/accounts:update"),
                                   ["localId": uid, "email": "ada3@example.com"])
        #expect(reply.string("newEmail") == "ada3@example.com")
        #expect(try emulator.engine.account(uid: uid)?.initialEmail == "ada.new@example.com")
        let recover = try #require(emulator.oobCodes().first { $0["requestType"]?.stringValue == "RECOVER_EMAIL" })
        #expect(recover["email"]?.stringValue == "ada.new@example.com")
        #expect(try open(recover, in: emulator).status == 200)
        #expect(try emulator.engine.account(uid: uid)?.email == "ada.new@example.com")
    }

    /// Opens the action page an `oobCodes` entry's link names.
    private func open(_ entry: JSONValue, in emulator: Emulator) throws -> HTTPResponse {
        let link = try #require(URLComponents(string: entry["oobLink"]?.stringValue ?? ""))
        let query = Dictionary(uniqueKeysWithValues: (link.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        return emulator.api.handle(HTTPRequest(method: "GET", path: "/emulator/action", query: query))
    }

    @Test("an email link with an anonymous user's idToken links the email to that user")
    func linkEmailLink() throws {
        let emulator = try Emulator()
        let anonymous = emulator.call("signUp", [:])
        _ = emulator.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com",
                                          "continueUrl": "https://app.example/finish"])
        let code = try #require(emulator.oobCodes().first?["oobCode"]?.stringValue)
        let linked = emulator.call("signInWithEmailLink", ["email": "ada@example.com", "oobCode": code,
                                                           "idToken": anonymous.string("idToken") ?? ""])
        #expect(linked.status == 200)
        #expect(linked.string("localId") == anonymous.string("localId"))
        #expect(linked.bool("isNewUser") == false)
    }

    @Test("VERIFY_EMAIL sends a code that update{oobCode} applies")
    func verifyEmail() throws {
        let emulator = try Emulator()
        let (_, idToken, _) = try emulator.signUp()
        let send = emulator.call("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken])
        #expect(send.string("email") == "ada@example.com")
        let listed = try #require(emulator.oobCodes().first)
        #expect(listed["requestType"]?.stringValue == "VERIFY_EMAIL")
        let code = try #require(listed["oobCode"]?.stringValue)
        let apply = emulator.call("update", ["oobCode": code])
        #expect(apply.status == 200)
        #expect(apply.bool("emailVerified") == true)
        #expect(emulator.user(idToken)?["emailVerified"] == .bool(true))
        #expect(emulator.call("update", ["oobCode": code]).errorCode == "INVALID_OOB_CODE")
    }
}
