import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Sign-up")
struct SignUpTests {
    @Test("a new account is signed in with its email and the password provider")
    func createsAndSignsIn() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let outcome = try await client.createUser(email: "Ada@Example.com", password: "secret1")
        let user = try #require(signedInUser(outcome))

        #expect(user.email == "Ada@Example.com")
        #expect(user.providerIDs == ["password"])
        #expect(!user.isAnonymous)
        #expect(!user.isEmailVerified)
        #expect(user.uid.count == 28)
        #expect(try await client.currentUser() == user)
        let token = try await client.idTokenResult()
        #expect(token.signInProvider == "password")
        #expect(token.authTime == clock.now)
    }

    @Test("malformed emails give INVALID_EMAIL", arguments: [
        "plainaddress", "a@b", "a b@example.com", "@example.com", "ada@", "a@.com", "a@@example.com",
        "ada@example..com", " ada@example.com", "\u{301}@example.com", "\u{FE0F}@example.com", "\u{3164}@example.com",
        "ada@\u{301}example.com", "ada\u{202E}@example.com", "ada\u{9B}@example.com",
    ])
    func invalidEmail(email: String) async throws {
        let client = try makeClient()
        #expect(await authError { _ = try await client.createUser(email: email, password: "secret1") }?.code
            == .invalidEmail)
    }

    @Test("an empty email gives MISSING_EMAIL and an empty password MISSING_PASSWORD")
    func missingFields() async throws {
        let client = try makeClient()
        #expect(await authError { _ = try await client.createUser(email: "", password: "secret1") }?.code
            == .missingEmail)
        #expect(await authError { _ = try await client.createUser(email: "ada@example.com", password: "") }?.code
            == .missingPassword)
    }

    @Test("passwords shorter than six characters give WEAK_PASSWORD; six are enough")
    func weakPassword() async throws {
        let client = try makeClient()
        #expect(await authError { _ = try await client.createUser(email: "ada@example.com", password: "12345") }?.code
            == .weakPassword)
        #expect(try await client.currentUser() == nil)
        _ = try await client.createUser(email: "ada@example.com", password: "123456")
        #expect(try await client.currentUser()?.email == "ada@example.com")
    }

    @Test("a taken email gives EMAIL_EXISTS, whatever its letter case", arguments: [
        "ada@example.com", "ADA@EXAMPLE.COM", "Ada@Example.Com",
    ])
    func duplicateEmail(email: String) async throws {
        let client = try makeClient()
        let first = try await client.createUser(email: "ada@example.com", password: "secret1")
        #expect(await authError { _ = try await client.createUser(email: email, password: "other-secret") }?.code
            == .emailExists)
        #expect(try await client.currentUser() == signedInUser(first))
    }

    @Test("a weak-password error never carries the password")
    func errorDetailHasNoPassword() async throws {
        let client = try makeClient()
        let error = await authError { _ = try await client.createUser(email: "ada@example.com", password: "pw123") }
        #expect(error?.code == .weakPassword)
        let detail = error?.detail ?? ""
        #expect(!detail.contains("pw123"))
    }
}
