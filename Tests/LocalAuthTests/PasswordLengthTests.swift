import AuthCore
import Foundation
import LocalAuth
import Testing

/// Passwords are capped at Firebase's policy maximum, before any hashing.
@Suite("Password length cap")
struct PasswordLengthTests {
    @Test("sign-up takes 4,096 characters and refuses 4,097 with PASSWORD_DOES_NOT_MEET_REQUIREMENTS")
    func signUpCap() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: String(repeating: "é", count: 4_096))
        let error = await authError {
            _ = try await client.createUser(email: "bob@example.com", password: String(repeating: "p", count: 4_097))
        }
        #expect(error?.code == .passwordDoesNotMeetRequirements)
        #expect(error?.detail?.contains("at most 4096 characters") == true)
    }

    @Test("a 900 KB password is refused at sign-in without being hashed against the stored one")
    func signInCap() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        let error = await authError {
            _ = try await client.signIn(email: "ada@example.com", password: String(repeating: "x", count: 900_000))
        }
        #expect(error?.code == .passwordDoesNotMeetRequirements)
        _ = try await client.signIn(email: "ada@example.com", password: "secret1")
    }
}
