import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct EmailPasswordRequestTests {
    @Test func createUserPostsSignUpAndLooksTheAccountUp() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signUp")
        let client = stub.client()

        let outcome = try await client.createUser(email: "ann@example.com", password: "secret-pw")

        let signUp = try #require(stub.requests("accounts:signUp").first)
        #expect(signUp.method == "POST")
        #expect(signUp.url.path == "/identitytoolkit.googleapis.com/v1/accounts:signUp")
        #expect(signUp.url.query == "key=\(stub.apiKey)")
        #expect(signUp.contentType == "application/json")
        #expect(signUp.string("email") == "ann@example.com")
        #expect(signUp.string("password") == "secret-pw")
        #expect(signUp.json["returnSecureToken"] == nil, "the v1 signUp schema has no returnSecureToken")
        #expect(stub.requests.allSatisfy { !$0.url.absoluteString.contains("secret-pw") })
        #expect(stub.requests("accounts:lookup").first?.string("idToken") == Fixtures.idToken())
        let user = User(uid: "uid-1", email: "ann@example.com", providerIDs: ["password"])
        #expect(outcome == .signedIn(user))
        #expect(try await client.currentUser() == user)
    }

    @Test func productionCallsGooglesHost() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithPassword")
        _ = try await stub.client(production: true).signIn(email: "ann@example.com", password: "pw-123456")
        let request = try #require(stub.requests.first)
        #expect(request.url.absoluteString
            == "https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=\(stub.apiKey)")
    }

    @Test func signInPostsEmailAndPassword() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithPassword")
        _ = try await stub.client().signIn(email: "ann@example.com", password: "pw-123456")
        let request = try #require(stub.requests("accounts:signInWithPassword").first)
        #expect(request.string("email") == "ann@example.com")
        #expect(request.string("password") == "pw-123456")
        #expect(request.json["returnSecureToken"] as? Bool == true)
        #expect(request.json["idToken"] == nil)
    }

    @Test func passwordResetSendsAnOobCodeRequest() async throws {
        let stub = StubServer()
        stub.reply("accounts:sendOobCode", #"{"email":"ann@example.com"}"#)
        try await stub.client().sendPasswordReset(email: "ann@example.com")
        let request = try #require(stub.requests.first)
        #expect(request.operation == "accounts:sendOobCode")
        #expect(request.string("requestType") == "PASSWORD_RESET")
        #expect(request.string("email") == "ann@example.com")
    }

    @Test func verifyingAResetCodeInspectsItWithoutANewPassword() async throws {
        let stub = StubServer()
        stub.reply("accounts:resetPassword", #"{"requestType":"PASSWORD_RESET","email":"ann@example.com"}"#)
        let email = try await stub.client().verifyPasswordResetCode("CODE1")
        #expect(email == "ann@example.com")
        let request = try #require(stub.requests.first)
        #expect(request.json.keys.sorted() == ["oobCode"])
        #expect(request.string("oobCode") == "CODE1")
    }

    @Test func aSignInCodeIsNotAResetCode() async throws {
        let stub = StubServer()
        stub.reply("accounts:resetPassword", #"{"requestType":"EMAIL_SIGNIN"}"#)
        let error = await #expect(throws: AuthError.self) { try await stub.client().verifyPasswordResetCode("C") }
        #expect(error?.code == .invalidOobCode)
    }

    @Test func confirmingAResetSendsCodeAndNewPassword() async throws {
        let stub = StubServer()
        stub.reply("accounts:resetPassword", #"{"requestType":"PASSWORD_RESET","email":"ann@example.com"}"#)
        try await stub.client().confirmPasswordReset(code: "CODE1", newPassword: "new-secret")
        let request = try #require(stub.requests.first)
        #expect(request.string("oobCode") == "CODE1")
        #expect(request.string("newPassword") == "new-secret")
    }

    @Test func updatePasswordAdoptsTheNewTokens() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        let newToken = Fixtures.idToken(serial: 2)
        stub.replySignIn("accounts:update", idToken: newToken, refreshToken: "refresh-new")

        try await client.updatePassword("new-secret")

        let update = try #require(stub.requests("accounts:update").first)
        #expect(update.string("idToken") == Fixtures.idToken())
        #expect(update.string("password") == "new-secret")
        #expect(update.json["returnSecureToken"] as? Bool == true)
        let session = try #require(client.state.withLock { $0.session })
        #expect(session.idToken == newToken)
        #expect(session.refreshToken == "refresh-new")
    }

    @Test func emailVerificationIsSentForTheSignedInUser() async throws {
        let stub = StubServer()
        stub.reply("accounts:sendOobCode", #"{"email":"ann@example.com"}"#)
        try await stub.signedInClient().sendEmailVerification()
        let request = try #require(stub.requests.first)
        #expect(request.string("requestType") == "VERIFY_EMAIL")
        #expect(request.string("idToken") == Fixtures.idToken())
    }

    @Test func operationsNeedingASessionFailWhenSignedOut() async throws {
        let stub = StubServer()
        let error = await #expect(throws: AuthError.self) { try await stub.client().updatePassword("new-secret") }
        #expect(error?.code == .userNotFound)
        #expect(stub.requests.isEmpty)
    }
}
