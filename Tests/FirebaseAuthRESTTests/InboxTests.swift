import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct InboxTests {
    private let oobCodes = #"""
        {"oobCodes":[
          {"email":"ann@example.com","oobCode":"RESET1","requestType":"PASSWORD_RESET",
           "oobLink":"http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=RESET1&apiKey=k"},
          {"email":"ann@example.com","oobCode":"LINK1","requestType":"EMAIL_SIGNIN",
           "oobLink":"http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=LINK1&apiKey=k"},
          {"email":"ann@example.com","oobCode":"VERIFY1","requestType":"VERIFY_EMAIL","oobLink":"http://x/v"},
          {"email":"ann@example.com","oobCode":"RECOVER1","requestType":"RECOVER_EMAIL","oobLink":"http://x/r"}
        ]}
        """#
    private let verificationCodes =
        #"{"verificationCodes":[{"phoneNumber":"+15555550100","code":"123456","sessionInfo":"S1"}]}"#

    @Test func readsTheEmulatorsCodesAsOutboxMessages() async throws {
        let stub = StubServer()
        let clock = TestClock()
        stub.reply("/", #"{"authEmulator":{"ready":true}}"#)
        stub.reply("oobCodes", oobCodes)
        stub.reply("verificationCodes", verificationCodes)

        let messages = try await stub.client(clock: clock).messages()

        #expect(stub.requests.map(\.method) == ["GET", "GET", "GET"])
        #expect(stub.requests.map(\.url.path) == ["/", "/emulator/v1/projects/demo-test/oobCodes",
                                                  "/emulator/v1/projects/demo-test/verificationCodes"])
        #expect(messages == [
            OutboxMessage(id: 1, kind: .passwordReset, recipient: "ann@example.com",
                          link: "http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=RESET1&apiKey=k",
                          code: "RESET1", sentAt: clock.now),
            OutboxMessage(id: 2, kind: .emailSignIn, recipient: "ann@example.com",
                          link: "http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=LINK1&apiKey=k",
                          code: "LINK1", sentAt: clock.now),
            OutboxMessage(id: 3, kind: .verifyEmail, recipient: "ann@example.com", link: "http://x/v",
                          code: "VERIFY1", sentAt: clock.now),
            OutboxMessage(id: 4, kind: .recoverEmail, recipient: "ann@example.com", link: "http://x/r",
                          code: "RECOVER1", sentAt: clock.now),
            OutboxMessage(id: 5, kind: .sms, recipient: "+15555550100", link: nil, code: "123456", sentAt: clock.now),
        ])
    }

    /// Regression (issue 13 item 26): the time of the query was shown as each message's time; fauth-tui's
    /// emulator serves when each was sent.
    @Test func aServedSendingTimeIsTheMessagesTime() async throws {
        let stub = StubServer()
        stub.reply("/", #"{"authEmulator":{"ready":true,"projectId":"demo-test"}}"#)
        stub.reply("oobCodes", #"{"oobCodes":[{"email":"a@b.co","oobCode":"A","requestType":"EMAIL_SIGNIN","#
            + #""sentAt":"2026-12-01T17:00:05.250Z"}]}"#)
        stub.reply("verificationCodes",
                   #"{"verificationCodes":[{"phoneNumber":"+15555550100","code":"123456","sentAt":"2026-12-01T17:01:00Z"}]}"#)
        let messages = try await stub.client(clock: TestClock()).messages()
        #expect(messages.map(\.sentAt) == [Date(timeIntervalSince1970: 1_796_144_405.25),
                                            Date(timeIntervalSince1970: 1_796_144_460)])
    }

    @Test func messagesKeepTheirIdAndTimeAcrossPollsAndUsedOnesLeave() async throws {
        let stub = StubServer()
        let clock = TestClock()
        let client = stub.client(clock: clock)
        let first = clock.now
        stub.reply("/", #"{"authEmulator":{"ready":true}}"#)
        stub.reply("oobCodes", #"{"oobCodes":[{"email":"a@b.co","oobCode":"A","requestType":"EMAIL_SIGNIN"}]}"#)
        stub.reply("verificationCodes", "{}")
        _ = try await client.messages()

        clock.advance(by: 60)
        stub.reply("oobCodes", #"{"oobCodes":[{"email":"a@b.co","oobCode":"A","requestType":"EMAIL_SIGNIN"},"#
            + #"{"email":"a@b.co","oobCode":"B","requestType":"PASSWORD_RESET"}]}"#)
        stub.reply("verificationCodes", #"{"verificationCodes":[]}"#)
        let second = try await client.messages()
        #expect(second.map(\.code) == ["A", "B"])
        #expect(second.map(\.id) == [1, 2])
        #expect(second.map(\.sentAt) == [first, clock.now])

        stub.reply("oobCodes", #"{"oobCodes":[{"email":"a@b.co","oobCode":"B","requestType":"PASSWORD_RESET"}]}"#)
        stub.reply("verificationCodes", "{}")
        #expect(try await client.messages().map(\.id) == [2])
    }

    /// The client's sign-ins land in the emulator's own project, so another project's inbox would never show
    /// their messages: an emulator that names its project is asked once, and a mismatch is an error naming both.
    @Test func anEmulatorServingAnotherProjectIsNamed() async throws {
        let stub = StubServer()
        let client = stub.client()
        stub.reply("/", #"{"authEmulator":{"ready":true,"projectId":"demo-x"}}"#)
        let error = await #expect(throws: AuthError.self) { try await client.messages() }
        #expect(error?.detail == "emulator: this emulator serves project demo-x, not demo-test")
        #expect(stub.requests.map(\.url.path) == ["/"])

        stub.reply("/", #"{"authEmulator":{"ready":true,"projectId":"demo-test"}}"#)
        for _ in 0..<2 {
            stub.reply("oobCodes", "{}")
            stub.reply("verificationCodes", "{}")
            #expect(try await client.messages().isEmpty)
        }
        #expect(stub.requests("/").count == 2, "asked again after a mismatch, never after a match")
    }

    @Test func productionHasNoReadableInbox() async throws {
        let stub = StubServer()
        let error = await #expect(throws: AuthError.self) { try await stub.client(production: true).messages() }
        #expect(error?.code == .notImplemented)
        #expect(stub.requests.isEmpty)
    }
}
