import AuthEmulator
import Foundation
import Testing
import TestSupport

@Suite("update and delete by the user: deleteProvider, email change, recent login")
struct AccountChangeEndpointTests {
    private static let owner = ["Authorization": "Bearer owner"]

    @Test("deleteProvider unlinks a linked method, the last one too (as Firebase's emulator), never an unknown one")
    func deleteProvider() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp()
        let identity: [String: Any] = ["providerId": "google.com", "rawId": "g-1", "email": "ada@gmail.com"]
        #expect(emulator.call("update", ["localId": uid, "linkProviderUserInfo": identity], headers: Self.owner)
            .status == 200)
        #expect(emulator.call("update", ["idToken": idToken, "deleteProvider": ["phone"]]).errorCode
            == "NO_SUCH_PROVIDER")
        let unlinked = emulator.call("update", ["idToken": idToken, "deleteProvider": ["google.com"]])
        #expect(unlinked.status == 200)
        #expect(unlinked.array("providerUserInfo").compactMap { $0["providerId"]?.stringValue } == ["password"])
        let last = emulator.call("update", ["idToken": idToken, "deleteProvider": ["password"]])
        #expect(last.status == 200 && last.array("providerUserInfo").isEmpty)
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).errorCode
            == "INVALID_PASSWORD")
        // The owner may leave an account without methods too.
        let (bob, _, _) = try emulator.signUp("bob@example.com")
        #expect(emulator.call("update", ["localId": bob, "deleteProvider": ["password"]], headers: Self.owner)
            .status == 200)
    }

    @Test("a linked identity's email follows the one email rule: controls, bidi overrides and lone marks are refused")
    func linkedIdentityEmail() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp()
        for email in ["a\u{1B}[31m@x.io", "a\u{0}@x.io", "a\u{9B}@x.io", "a\u{202E}@x.io", "a\n@x.io", "\u{301}@x.io"] {
            let identity: [String: Any] = ["providerId": "google.com", "rawId": "g-1", "email": email]
            #expect(emulator.call("update", ["localId": uid, "linkProviderUserInfo": identity], headers: Self.owner)
                .errorCode == "INVALID_EMAIL", "\(email.debugDescription)")
        }
        let identity: [String: Any] = ["providerId": "google.com", "rawId": "g-1", "email": "o'brien$|@x.io"]
        #expect(emulator.call("update", ["localId": uid, "linkProviderUserInfo": identity], headers: Self.owner)
            .status == 200)
    }

    @Test("without email-enumeration protection (the default) the user changes the email, which becomes unverified")
    func emailChange() throws {
        let emulator = try Emulator()
        let (_, idToken, _) = try emulator.signUp()
        _ = try emulator.signUp("bob@example.com")
        #expect(emulator.call("update", ["idToken": idToken, "email": "bob@example.com"]).errorCode == "EMAIL_EXISTS")
        let changed = emulator.call("update", ["idToken": idToken, "email": "ada@new.example"])
        #expect(changed.status == 200)
        #expect(changed.string("email") == "ada@new.example" && changed.bool("emailVerified") == false)
        let newToken = try #require(changed.string("idToken"))
        #expect(emulator.user(newToken)?["email"]?.stringValue == "ada@new.example")
        #expect(emulator.call("signInWithPassword", ["email": "ada@new.example", "password": "secret1"]).status == 200)
    }

    @Test("password, email, methods and deletion need a sign-in at most five minutes old; the owner does not")
    func recentLogin() throws {
        let emulator = try Emulator()
        let (uid, idToken, refreshToken) = try emulator.signUp()
        let identity: [String: Any] = ["providerId": "google.com", "rawId": "g-1", "email": "ada@gmail.com"]
        #expect(emulator.call("update", ["localId": uid, "linkProviderUserInfo": identity], headers: Self.owner)
            .status == 200)
        emulator.clock.advance(by: 5 * 60 + 1)
        // A refreshed token keeps the sign-in's auth time.
        let refreshed = try #require(emulator.refresh(refreshToken).string("id_token"))
        for token in [idToken, refreshed] {
            for change in [["password": "secret2"], ["email": "ada@new.example"], ["deleteProvider": ["google.com"]]] {
                let reply = emulator.call("update", change.merging(["idToken": token]) { $1 })
                #expect(reply.errorCode == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "\(change)")
            }
            #expect(emulator.call("delete", ["idToken": token]).errorCode == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        }
        #expect(emulator.call("update", ["idToken": idToken, "displayName": "Ada"]).status == 200)
        #expect(emulator.call("update", ["localId": uid, "password": "secret2"], headers: Self.owner).status == 200)
        let again = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret2"])
        let fresh = try #require(again.string("idToken"))
        #expect(emulator.call("delete", ["idToken": fresh]).status == 200)
    }
}
