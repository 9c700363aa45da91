import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Sign-in")
struct SignInTests {
    @Test("the right password signs in to the same account, whatever the email's letter case")
    func signsIn() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let created = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                            password: "secret1")))
        try await client.signOut()
        #expect(try await client.currentUser() == nil)

        clock.advance(by: 60)
        let user = try #require(signedInUser(try await client.signIn(email: "ADA@example.com", password: "secret1")))
        #expect(user.uid == created.uid)
        #expect(try await client.currentUser()?.uid == created.uid)
        #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: "password", authTime: clock.now,
                                                                  expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))
    }

    @Test("an unknown email and a wrong password give the identical error")
    func noEmailEnumeration() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()

        let wrongPassword = await authError {
            _ = try await client.signIn(email: "ada@example.com", password: "nope123")
        }
        let unknownEmail = await authError {
            _ = try await client.signIn(email: "bob@example.com", password: "nope123")
        }
        #expect(wrongPassword?.code == .invalidLoginCredentials)
        #expect(wrongPassword == unknownEmail)
        #expect(try await client.currentUser() == nil)
    }

    @Test("malformed input is rejected before any lookup")
    func inputErrors() async throws {
        let client = try makeClient()
        #expect(await authError { _ = try await client.signIn(email: "nope", password: "secret1") }?.code
            == .invalidEmail)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "") }?.code
            == .missingPassword)
    }

    @Test("an email/password credential signs in like signIn(email:password:)")
    func credentialSignIn() async throws {
        let client = try makeClient()
        let created = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        let outcome = try await client.signIn(with: .emailPassword(email: "ada@example.com", password: "secret1"))
        #expect(outcome == created)
    }

    @Test("fetchSignInMethods lists password for an email account and nothing for an unknown email")
    func signInMethods() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        #expect(try await client.fetchSignInMethods(email: "ADA@example.com") == ["password"])
        #expect(try await client.fetchSignInMethods(email: "bob@example.com") == [])
        #expect(await authError { _ = try await client.fetchSignInMethods(email: "bob") }?.code == .invalidEmail)
    }
}
