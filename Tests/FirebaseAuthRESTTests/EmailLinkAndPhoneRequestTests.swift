import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct EmailLinkAndPhoneRequestTests {
    @Test func signInLinkRequestCarriesTheActionCodeSettings() async throws {
        let stub = StubServer()
        stub.reply("accounts:sendOobCode", #"{"email":"ann@example.com"}"#)
        let settings = ActionCodeSettings(url: "https://app.example/finish", handleCodeInApp: true)
        try await stub.client().sendSignInLink(email: "ann@example.com", settings: settings)
        let request = try #require(stub.requests.first)
        #expect(request.string("requestType") == "EMAIL_SIGNIN")
        #expect(request.string("email") == "ann@example.com")
        #expect(request.string("continueUrl") == "https://app.example/finish")
        #expect(request.json["canHandleCodeInApp"] as? Bool == true)
    }

    @Test func signingInWithALinkSendsItsOobCode() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithEmailLink")
        let link = "http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en&oobCode=XYZ&apiKey=k"
        let outcome = try await stub.client().signIn(email: "ann@example.com", link: link)
        let request = try #require(stub.requests.first)
        #expect(request.operation == "accounts:signInWithEmailLink")
        #expect(request.string("email") == "ann@example.com")
        #expect(request.string("oobCode") == "XYZ")
        #expect(request.json["idToken"] == nil)
        guard case .signedIn(let user) = outcome else { Issue.record("not signed in"); return }
        #expect(user.uid == "uid-1")
    }

    @Test func linkingALinkSendsTheSessionToken() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithEmailLink")
        _ = try await stub.signedInClient().link(.emailLink(email: "ann@example.com", link: "CODE"))
        let request = try #require(stub.requests.first)
        #expect(request.string("idToken") == Fixtures.idToken())
        #expect(request.string("oobCode") == "CODE")
    }

    @Test(arguments: [
        ("https://p.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=ABC&continueUrl=x", true),
        ("http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=ABC", true),
        ("https://app.example/?link=https%3A%2F%2Fp%2F__%2Fauth%2Faction%3Fmode%3DsignIn%26oobCode%3DQ", true),
        ("https://p.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=ABC", false),
        ("https://p.firebaseapp.com/__/auth/action?mode=signIn&oobCode=", false),
        ("not a link", false),
    ])
    func recognisesSignInLinks(link: String, expected: Bool) {
        #expect(StubServer().client().isSignInLink(link) == expected)
    }

    @Test func phoneVerificationReturnsTheSessionInfo() async throws {
        let stub = StubServer()
        stub.reply("accounts:sendVerificationCode", #"{"sessionInfo":"SESSION-1"}"#)
        let verificationID = try await stub.client().verifyPhoneNumber("+15555550100", recaptchaToken: nil)
        #expect(verificationID == "SESSION-1")
        #expect(stub.requests.first?.string("phoneNumber") == "+15555550100")
    }

    @Test func phoneSignInAndLinkSendSessionInfoAndCode() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithPhoneNumber")
        stub.replySignIn("accounts:signInWithPhoneNumber")
        let client = stub.client()
        _ = try await client.signIn(with: .phone(verificationID: "SESSION-1", code: "123456"))
        _ = try await client.link(.phone(verificationID: "SESSION-2", code: "654321"))

        let requests = stub.requests("accounts:signInWithPhoneNumber")
        #expect(requests.count == 2)
        #expect(requests[0].string("sessionInfo") == "SESSION-1")
        #expect(requests[0].string("code") == "123456")
        #expect(requests[0].json["idToken"] == nil)
        #expect(requests[1].string("sessionInfo") == "SESSION-2")
        #expect(requests[1].string("idToken") == Fixtures.idToken())
    }
}
