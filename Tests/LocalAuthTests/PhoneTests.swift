import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Phone sign-in")
struct PhoneTests {
    @Test("E.164 numbers are accepted, everything else is INVALID_PHONE_NUMBER", arguments: [
        ("+15555550100", true), ("+4915123456789", true), ("+1234567", true), ("+123456789012345", true),
        ("+123456", false), ("+1234567890123456", false), ("+05555550100", false), ("15555550100", false),
        ("+1 555 555 0100", false), ("+1-555-555-0100", false), ("+", false), ("", false), ("++15555550100", false),
        ("+1555555010a", false), ("+١٥٥٥٥٥٥٠١٠٠", false), (" +15555550100", false),
    ])
    func e164(number: String, valid: Bool) async throws {
        let client = try makeClient()
        let error = await authError { _ = try await client.verifyPhoneNumber(number, recaptchaToken: nil) }
        #expect(error?.code == (valid ? nil : .invalidPhoneNumber))
        #expect(try await client.messages().count == (valid ? 1 : 0))
    }

    @Test("the code is texted to the number; the verification id is opaque")
    func smsInOutbox() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let (verificationID, code) = try await sendSMS(client, to: "+15555550100")
        let message = try #require(try await client.messages().last)
        #expect(message.link == nil)
        #expect(message.sentAt == clock.now)
        #expect(code.count == 6 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
        #expect(!verificationID.contains(code))
        #expect(!verificationID.contains("5555550100"))
        let (secondID, _) = try await sendSMS(client, to: "+15555550100")
        #expect(secondID != verificationID)
    }

    @Test("a code creates a phone account, then signs in to the same one")
    func signInCreatesThenReturns() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let user = try #require(signedInUser(try await client.signIn(with: try await phoneCredential(
            client, for: "+15555550100"))))
        #expect(user.phoneNumber == "+15555550100")
        #expect(user.providerIDs == ["phone"])
        #expect(user.email == nil && !user.isAnonymous)
        #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: "phone", authTime: clock.now,
                                                                  expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))

        try await client.signOut()
        let again = try await client.signIn(with: try await phoneCredential(client, for: "+15555550100"))
        #expect(signedInUser(again)?.uid == user.uid)
    }

    @Test("a correct code works once")
    func singleUse() async throws {
        let client = try makeClient()
        let credential = try await phoneCredential(client, for: "+15555550100")
        _ = try await client.signIn(with: credential)
        try await client.signOut()
        #expect(await authError { _ = try await client.signIn(with: credential) }?.code == .sessionExpired)
        #expect(try await client.currentUser() == nil)
    }

    @Test("a code expires five minutes after it was sent")
    func expiry() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let first = try await phoneCredential(client, for: "+15555550100")
        let second = try await phoneCredential(client, for: "+15555550100")
        clock.advance(by: 5 * 60)
        #expect(await authError { _ = try await client.signIn(with: first) }?.code == .sessionExpired)
        #expect(await authError { _ = try await client.signIn(with: second) }?.code == .sessionExpired)
        let fresh = try await phoneCredential(client, for: "+15555550100")
        clock.advance(by: 4 * 60 + 59)
        _ = try await client.signIn(with: fresh)
    }

    @Test("wrong codes give INVALID_CODE; after five the verification is dead even for the right code")
    func attemptLimit() async throws {
        let client = try makeClient()
        let (verificationID, code) = try await sendSMS(client, to: "+15555550100")
        let wrong = code == "000000" ? "111111" : "000000"
        for _ in 0..<4 {
            #expect(await authError { _ = try await client.signIn(with: .phone(verificationID: verificationID,
                                                                                code: wrong)) }?.code == .invalidCode)
        }
        _ = try await client.signIn(with: .phone(verificationID: verificationID, code: code))

        try await client.signOut()
        let (deadID, deadCode) = try await sendSMS(client, to: "+15555550100")
        for _ in 0..<5 {
            #expect(await authError { _ = try await client.signIn(with: .phone(verificationID: deadID,
                                                                                code: wrong)) }?.code == .invalidCode)
        }
        #expect(await authError { _ = try await client.signIn(with: .phone(verificationID: deadID, code: deadCode)) }?
            .code == .sessionExpired)
        #expect(try await client.currentUser() == nil)
    }

    @Test("unknown verification ids and empty codes are rejected")
    func badInput() async throws {
        let client = try makeClient()
        let (verificationID, _) = try await sendSMS(client, to: "+15555550100")
        #expect(await authError { _ = try await client.signIn(with: .phone(verificationID: "nope", code: "123456")) }?
            .code == .invalidSessionInfo)
        #expect(await authError { _ = try await client.signIn(with: .phone(verificationID: verificationID, code: "")) }?
            .code == .missingCode)
    }

    @Test("at most five codes per number per hour")
    func sendRateLimit() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        for _ in 0..<5 {
            _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil)
            clock.advance(by: 10 * 60)
        }
        #expect(await authError { _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil) }?.code
            == .tooManyAttemptsTryLater)
        _ = try await client.verifyPhoneNumber("+15555550199", recaptchaToken: nil)
        clock.advance(by: 10 * 60 + 1)
        _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil)
        #expect(await authError { _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil) }?.code
            == .tooManyAttemptsTryLater)
        #expect(try await client.messages().filter { $0.recipient == "+15555550100" }.count == 6)
    }

    @Test("a disabled phone account gives USER_DISABLED")
    func disabled() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let client = try makeClient(path: path)
        let user = try #require(signedInUser(try await client.signIn(with: try await phoneCredential(
            client, for: "+15555550100"))))
        try await client.signOut()
        try setDisabled(true, uid: user.uid, path: path)
        let credential = try await phoneCredential(client, for: "+15555550100")
        #expect(await authError { _ = try await client.signIn(with: credential) }?.code == .userDisabled)
    }
}
