import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Failed sign-in rate limit")
struct RateLimitTests {
    @Test("five failures block the sixth attempt, even with the right password, until 15 minutes pass")
    func blocksAfterFiveFailures() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()

        for _ in 0..<5 {
            clock.advance(by: 10)
            #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "wrong1") }?.code
                == .invalidLoginCredentials)
        }
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "secret1") }?.code
            == .tooManyAttemptsTryLater)
        #expect(try await client.currentUser() == nil)

        clock.advance(by: 14 * 60)
        #expect(await authError { _ = try await client.signIn(email: "ADA@example.com", password: "secret1") }?.code
            == .tooManyAttemptsTryLater)

        clock.advance(by: 60)
        _ = try await client.signIn(email: "ada@example.com", password: "secret1")
        #expect(try await client.currentUser()?.email == "ada@example.com")
    }

    @Test("a successful sign-in clears earlier failures")
    func successClearsFailures() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        for _ in 0..<2 {
            for _ in 0..<4 {
                _ = await authError { _ = try await client.signIn(email: "ada@example.com", password: "wrong1") }
            }
            _ = try await client.signIn(email: "ada@example.com", password: "secret1")
        }
        #expect(try await client.currentUser()?.email == "ada@example.com")
    }

    @Test("unknown emails are limited the same way, so the limit reveals nothing either")
    func unknownEmailIsLimited() async throws {
        let client = try makeClient()
        for _ in 0..<5 {
            #expect(await authError { _ = try await client.signIn(email: "bob@example.com", password: "wrong1") }?.code
                == .invalidLoginCredentials)
        }
        #expect(await authError { _ = try await client.signIn(email: "bob@example.com", password: "wrong1") }?.code
            == .tooManyAttemptsTryLater)
    }

    @Test("failures for one email do not block another")
    func limitIsPerEmail() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        for _ in 0..<5 {
            _ = await authError { _ = try await client.signIn(email: "bob@example.com", password: "wrong1") }
        }
        _ = try await client.signIn(email: "ada@example.com", password: "secret1")
        #expect(try await client.currentUser()?.email == "ada@example.com")
    }
}
