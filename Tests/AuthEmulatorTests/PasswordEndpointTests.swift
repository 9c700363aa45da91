import AuthEmulator
import Foundation
import Testing
import TestSupport

@Suite("signUp and signInWithPassword")
struct PasswordEndpointTests {
    @Test("signUp creates an email account and answers with production's fields")
    func signUp() throws {
        let emulator = try Emulator()
        let reply = emulator.call("signUp", ["email": "Ada@example.com", "password": "secret1",
                                             "displayName": "Ada"])
        #expect(reply.status == 200)
        #expect(reply.string("email") == "ada@example.com", "kept lower-cased, as Firebase's emulator")
        #expect(reply.string("displayName") == "Ada")
        #expect(reply.string("expiresIn") == "3600")
        #expect(reply.string("localId")?.count == 28)
        #expect(reply.string("refreshToken")?.isEmpty == false)
        #expect(reply.string("kind") == "identitytoolkit#SignupNewUserResponse")
        let claims = try jwtClaims(try #require(reply.string("idToken")))
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
        #expect(claims["name"]?.stringValue == "Ada")
    }

    @Test("signUp without email and password makes an anonymous account")
    func anonymous() throws {
        let emulator = try Emulator()
        let reply = emulator.call("signUp", [:])
        #expect(reply.status == 200)
        #expect(reply.string("email") == nil)
        let claims = try jwtClaims(try #require(reply.string("idToken")))
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "anonymous")
        #expect(claims["sub"]?.stringValue == reply.string("localId"))
    }

    @Test("signUp with an anonymous user's idToken links email and password and keeps the uid")
    func anonymousUpgrade() throws {
        let emulator = try Emulator()
        let anonymous = emulator.call("signUp", [:])
        let upgraded = emulator.call("signUp", ["idToken": anonymous.string("idToken") ?? "",
                                                "email": "ada@example.com", "password": "secret1"])
        #expect(upgraded.status == 200)
        #expect(upgraded.string("localId") == anonymous.string("localId"))
        let signIn = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"])
        #expect(signIn.string("localId") == anonymous.string("localId"))
    }

    @Test("signUp errors", arguments: [
        (["email": "ada@example.com", "password": "12345"], "WEAK_PASSWORD"),
        (["email": "ada@example.com"], "MISSING_PASSWORD"),
        (["password": "secret1"], "MISSING_EMAIL"),
        (["email": "not-an-email", "password": "secret1"], "INVALID_EMAIL"),
        (["email": "", "password": ""], "INVALID_EMAIL"),
        (["email": "ADA@example.com", "password": "secret1"], "EMAIL_EXISTS"),
    ])
    func signUpErrors(body: [String: String], code: String) throws {
        let emulator = try Emulator()
        _ = try emulator.signUp()
        let reply = emulator.call("signUp", body)
        #expect(reply.status == 400)
        #expect(reply.errorCode == code)
    }

    @Test("signInWithPassword with an empty email is INVALID_EMAIL, without one MISSING_EMAIL")
    func signInEmailErrors() throws {
        let emulator = try Emulator()
        #expect(emulator.call("signInWithPassword", ["email": "", "password": "secret1"]).errorCode == "INVALID_EMAIL")
        #expect(emulator.call("signInWithPassword", ["password": "secret1"]).errorCode == "MISSING_EMAIL")
    }

    @Test("signInWithPassword answers registered, display name and tokens")
    func signIn() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp()
        let reply = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1",
                                                         "returnSecureToken": true])
        #expect(reply.status == 200)
        #expect(reply.string("localId") == uid)
        #expect(reply.bool("registered") == true)
        #expect(reply.string("displayName") == "")
        #expect(reply.string("expiresIn") == "3600")
        #expect(reply.string("kind") == "identitytoolkit#VerifyPasswordResponse")
    }

    @Test("with email-enumeration protection a wrong password and an unknown email look the same")
    func enumerationProtection() throws {
        let emulator = try Emulator(emailEnumerationProtection: true)
        _ = try emulator.signUp()
        let wrong = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "wrong12"])
        let unknown = emulator.call("signInWithPassword", ["email": "bob@example.com", "password": "secret1"])
        #expect(wrong.status == 400 && unknown.status == 400)
        #expect(wrong.errorCode == "INVALID_LOGIN_CREDENTIALS")
        #expect(unknown.errorMessage == wrong.errorMessage)
    }

    @Test("without protection (the default, as Firebase's emulator) they are EMAIL_NOT_FOUND and INVALID_PASSWORD")
    func withoutProtection() throws {
        let emulator = try Emulator()
        _ = try emulator.signUp()
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "wrong12"]).errorCode
            == "INVALID_PASSWORD")
        #expect(emulator.call("signInWithPassword", ["email": "bob@example.com", "password": "secret1"]).errorCode
            == "EMAIL_NOT_FOUND")
        let patch = emulator.emulator("config", method: "PATCH",
                                      body: Data(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#.utf8))
        #expect(patch.json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"] == .bool(true))
        #expect(emulator.call("signInWithPassword", ["email": "bob@example.com", "password": "secret1"]).errorCode
            == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test("five failures lock the email with TOO_MANY_ATTEMPTS_TRY_LATER until they age out")
    func rateLimit() throws {
        let emulator = try Emulator()
        _ = try emulator.signUp()
        for _ in 0..<5 {
            _ = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "wrong12"])
        }
        let locked = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"])
        #expect(locked.errorCode == "TOO_MANY_ATTEMPTS_TRY_LATER")
        emulator.clock.advance(by: 15 * 60 + 1)
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).status
            == 200)
    }

    @Test("a disabled account gives USER_DISABLED on sign-in")
    func disabled() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp()
        let disable = emulator.call("update", ["localId": uid, "disableUser": true],
                                    headers: ["Authorization": "Bearer owner"])
        #expect(disable.status == 200)
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).errorCode
            == "USER_DISABLED")
    }
}
