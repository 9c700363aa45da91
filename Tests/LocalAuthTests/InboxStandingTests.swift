import AuthCore
import Foundation
import LocalAuth
import Testing

/// The local inbox says which messages still count (issue 31 item 18): after a resend the older text is
/// superseded, and a code that was used is marked used.
@Suite("Inbox standing")
struct InboxStandingTests {
    @Test("a resent text supersedes the one before it, for the same number only")
    func aResendSupersedes() async throws {
        let client = try makeClient()
        _ = try await sendSMS(client, to: "+15555550100")
        _ = try await sendSMS(client, to: "+15555550199")
        _ = try await sendSMS(client, to: "+15555550100")
        #expect(try await client.messages().map(\.standing) == [.superseded, .current, .current])
    }

    @Test("a used code's message is used; a used phone code too")
    func aUsedCodeIsMarked() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        try await client.sendPasswordReset(email: "ada@example.com")
        let reset = try #require(try await client.messages().last)
        #expect(reset.standing == .current)
        try await client.confirmPasswordReset(code: reset.code, newPassword: "secret2")
        #expect(try await client.messages().last?.standing == .used)

        let credential = try await phoneCredential(client, for: "+15555550100")
        _ = try await client.signIn(with: credential)
        #expect(try await client.messages().last?.standing == .used)
    }
}
