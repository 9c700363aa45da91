import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Password reset")
struct PasswordResetTests {
    /// A client with one account, signed out, and the code of a reset email just sent to it.
    private func clientWithResetCode(clock: TestClock = TestClock()) async throws -> (LocalAuthClient, String) {
        let client = try makeClient(clock: clock)
        _ = try await client.createUser(email: "Ada@example.com", password: "secret1")
        try await client.signOut()
        try await client.sendPasswordReset(email: "ada@EXAMPLE.com")
        let message = try #require(try await client.messages().last)
        return (client, message.code)
    }

    @Test("the reset email lands in the outbox with its code inside the action link")
    func messageInOutbox() async throws {
        let clock = TestClock()
        let (client, code) = try await clientWithResetCode(clock: clock)
        let messages = try await client.messages()
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.kind == .passwordReset)
        #expect(message.recipient == "Ada@example.com")
        #expect(message.sentAt == clock.now)
        #expect(code.count >= 32)
        #expect(code.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(message.link == "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=\(code)")
        #expect(OobCode.extract(from: message.link ?? "") == code)
    }

    @Test("an unknown email succeeds silently and sends nothing; a malformed one is rejected")
    func unknownEmail() async throws {
        let client = try makeClient()
        try await client.sendPasswordReset(email: "nobody@example.com")
        #expect(try await client.messages().isEmpty)
        #expect(await authError { try await client.sendPasswordReset(email: "nobody") }?.code == .invalidEmail)
    }

    @Test("the new password replaces the old one and marks the email verified")
    func resetChangesPassword() async throws {
        let (client, code) = try await clientWithResetCode()
        #expect(try await client.verifyPasswordResetCode(code) == "Ada@example.com")
        try await client.confirmPasswordReset(code: code, newPassword: "brand-new")

        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "secret1") }?.code
            == .invalidLoginCredentials)
        let user = try #require(signedInUser(try await client.signIn(email: "ada@example.com", password: "brand-new")))
        #expect(user.isEmailVerified)
    }

    @Test("a code works once; the second use gives INVALID_OOB_CODE")
    func singleUse() async throws {
        let (client, code) = try await clientWithResetCode()
        try await client.confirmPasswordReset(code: code, newPassword: "brand-new")
        #expect(await authError { try await client.confirmPasswordReset(code: code, newPassword: "newer-yet") }?.code
            == .invalidOobCode)
        #expect(await authError { _ = try await client.verifyPasswordResetCode(code) }?.code == .invalidOobCode)
        _ = try await client.signIn(email: "ada@example.com", password: "brand-new")
    }

    @Test("completing one reset voids the other codes sent before it")
    func resetVoidsOtherCodes() async throws {
        let (client, first) = try await clientWithResetCode()
        try await client.sendPasswordReset(email: "ada@example.com")
        let second = try #require(try await client.messages().last?.code)
        #expect(first != second)
        try await client.confirmPasswordReset(code: second, newPassword: "brand-new")
        #expect(await authError { try await client.confirmPasswordReset(code: first, newPassword: "other-one") }?.code
            == .invalidOobCode)
    }

    @Test("a code expires one hour after it was sent")
    func expiry() async throws {
        let clock = TestClock()
        let (client, code) = try await clientWithResetCode(clock: clock)
        clock.advance(by: 59 * 60)
        #expect(try await client.verifyPasswordResetCode(code) == "Ada@example.com")
        clock.advance(by: 60)
        #expect(await authError { _ = try await client.verifyPasswordResetCode(code) }?.code == .expiredOobCode)
        #expect(await authError { try await client.confirmPasswordReset(code: code, newPassword: "brand-new") }?.code
            == .expiredOobCode)
        _ = try await client.signIn(email: "ada@example.com", password: "secret1")
    }

    @Test("unknown and empty codes are rejected")
    func unknownCode() async throws {
        let (client, _) = try await clientWithResetCode()
        #expect(await authError { try await client.confirmPasswordReset(code: "not-a-code", newPassword: "brand-new") }?
            .code == .invalidOobCode)
        #expect(await authError { _ = try await client.verifyPasswordResetCode("not-a-code") }?.code == .invalidOobCode)
        #expect(await authError { _ = try await client.verifyPasswordResetCode("") }?.code == .missingOobCode)
    }

    @Test("a weak new password gives WEAK_PASSWORD and leaves the code usable")
    func weakNewPassword() async throws {
        let (client, code) = try await clientWithResetCode()
        #expect(await authError { try await client.confirmPasswordReset(code: code, newPassword: "short") }?.code
            == .weakPassword)
        try await client.confirmPasswordReset(code: code, newPassword: "long-enough")
        _ = try await client.signIn(email: "ada@example.com", password: "long-enough")
    }

    @Test("a reset lifts a failed sign-in lockout")
    func resetClearsLockout() async throws {
        let (client, code) = try await clientWithResetCode()
        for _ in 0..<5 {
            _ = await authError { _ = try await client.signIn(email: "ada@example.com", password: "wrong12") }
        }
        try await client.confirmPasswordReset(code: code, newPassword: "brand-new")
        _ = try await client.signIn(email: "ada@example.com", password: "brand-new")
        #expect(try await client.currentUser()?.email == "Ada@example.com")
    }
}
