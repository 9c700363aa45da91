import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Anonymous accounts and linking")
struct AnonymousTests {
    @Test("anonymous sign-in creates an anonymous account; signing in again keeps it")
    func anonymousSignIn() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let user = try #require(signedInUser(try await client.signInAnonymously()))
        #expect(user.isAnonymous)
        #expect(user.email == nil)
        #expect(user.providerIDs.isEmpty)
        #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: "anonymous", authTime: clock.now,
                                                                  expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))
        #expect(signedInUser(try await client.signInAnonymously())?.uid == user.uid)
    }

    @Test("linking email and password keeps the uid and makes the account a password account")
    func linkKeepsUID() async throws {
        let client = try makeClient()
        let anonymous = try #require(signedInUser(try await client.signInAnonymously()))
        let linked = try await client.link(.emailPassword(email: "ada@example.com", password: "secret1"))

        #expect(linked.uid == anonymous.uid)
        #expect(!linked.isAnonymous)
        #expect(linked.email == "ada@example.com")
        #expect(linked.providerIDs == ["password"])
        #expect(try await client.currentUser() == linked)
        #expect(try await client.idTokenResult().signInProvider == "password")

        try await client.signOut()
        #expect(signedInUser(try await client.signIn(email: "ada@example.com", password: "secret1"))?.uid
            == anonymous.uid)
    }

    @Test("linking a taken email gives EMAIL_EXISTS and leaves the account anonymous")
    func linkTakenEmail() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        let anonymous = try #require(signedInUser(try await client.signInAnonymously()))
        let error = await authError {
            _ = try await client.link(.emailPassword(email: "ADA@example.com", password: "secret2"))
        }
        #expect(error?.code == .emailExists)
        #expect(try await client.currentUser() == anonymous)
    }

    @Test("linking validates like sign-up and needs a signed-in user")
    func linkErrors() async throws {
        let client = try makeClient()
        let signedOut = await authError {
            _ = try await client.link(.emailPassword(email: "ada@example.com", password: "secret1"))
        }
        #expect(signedOut?.code == .userNotFound)

        _ = try await client.signInAnonymously()
        #expect(await authError { _ = try await client.link(.emailPassword(email: "ada", password: "secret1")) }?
            .code == .invalidEmail)
        #expect(await authError {
            _ = try await client.link(.emailPassword(email: "ada@example.com", password: "short"))
        }?.code == .weakPassword)
        #expect(await authError { _ = try await client.link(.phone(verificationID: "v", code: "123456")) }?.code
            == .invalidSessionInfo)
        #expect(try await client.currentUser()?.isAnonymous == true)
    }

    @Test("a password account cannot link a second password")
    func linkTwice() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        let error = await authError {
            _ = try await client.link(.emailPassword(email: "other@example.com", password: "secret2"))
        }
        #expect(error?.code == .operationNotAllowed)
        #expect(try await client.fetchSignInMethods(email: "other@example.com") == [])
    }
}
