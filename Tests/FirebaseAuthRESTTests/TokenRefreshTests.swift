import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct TokenRefreshTests {
    private let oldToken = Fixtures.idToken(serial: 1)
    private let newToken = Fixtures.idToken(serial: 2)

    @Test func aTokenNearItsExpiryIsRefreshedFirst() async throws {
        let stub = StubServer()
        let clock = TestClock()
        let client = stub.signedInClient(idToken: oldToken, clock: clock, expiresIn: 3600)
        clock.advance(by: 3600 - 299)
        stub.reply("token", Fixtures.refreshed(idToken: newToken))
        stub.reply("accounts:sendOobCode", "{}")

        try await client.sendEmailVerification()

        #expect(stub.requests.map(\.operation) == ["token", "accounts:sendOobCode"])
        let refresh = try #require(stub.requests("token").first)
        #expect(refresh.url.path == "/securetoken.googleapis.com/v1/token")
        #expect(refresh.contentType == "application/x-www-form-urlencoded")
        #expect(refresh.form == ["grant_type": "refresh_token", "refresh_token": "refresh-1"])
        #expect(stub.requests("accounts:sendOobCode").first?.string("idToken") == newToken)
        let session = try #require(client.state.withLock { $0.session })
        #expect(session.refreshToken == "refresh-2")
        #expect(session.expiresAt == clock.now.addingTimeInterval(3600))
    }

    @Test func productionRefreshesAtSecuretoken() async throws {
        let stub = StubServer()
        let client = stub.signedInClient(expiresIn: 60, production: true)
        stub.reply("token", Fixtures.refreshed(idToken: newToken))
        _ = try await client.idTokenResult()
        #expect(stub.requests.first?.url.absoluteString
            == "https://securetoken.googleapis.com/v1/token?key=\(stub.apiKey)")
    }

    @Test func aTokenWithTimeLeftIsNotRefreshed() async throws {
        let stub = StubServer()
        let clock = TestClock()
        let client = stub.signedInClient(clock: clock)
        clock.advance(by: 3600 - 301)
        stub.reply("accounts:sendOobCode", "{}")
        try await client.sendEmailVerification()
        #expect(stub.requests.map(\.operation) == ["accounts:sendOobCode"])
    }

    @Test func tokenExpiredRefreshesAndRetriesOnce() async throws {
        let stub = StubServer()
        let client = stub.signedInClient(idToken: oldToken)
        stub.replyError("accounts:sendOobCode", "TOKEN_EXPIRED")
        stub.reply("token", Fixtures.refreshed(idToken: newToken))
        stub.reply("accounts:sendOobCode", "{}")

        try await client.sendEmailVerification()

        let sends = stub.requests("accounts:sendOobCode")
        #expect(stub.requests.map(\.operation) == ["accounts:sendOobCode", "token", "accounts:sendOobCode"])
        #expect(sends.map { $0.string("idToken") } == [oldToken, newToken])
    }

    @Test func aSecondTokenExpiredEndsTheSession() async throws {
        let stub = StubServer()
        let store = MemorySessionStore()
        let client = stub.signedInClient(idToken: oldToken, store: store)
        stub.replyError("accounts:sendOobCode", "TOKEN_EXPIRED")
        stub.reply("token", Fixtures.refreshed(idToken: newToken))
        stub.replyError("accounts:sendOobCode", "TOKEN_EXPIRED")

        let error = await #expect(throws: AuthError.self) { try await client.sendEmailVerification() }

        #expect(error?.code == .tokenExpired)
        #expect(stub.requests("token").count == 1)
        #expect(stub.requests("accounts:sendOobCode").count == 2)
        #expect(try await client.currentUser() == nil)
        #expect(store.load() == nil)
    }

    @Test func aRevokedRefreshTokenEndsTheSession() async throws {
        let stub = StubServer()
        let clock = TestClock()
        let client = stub.signedInClient(clock: clock, expiresIn: 10)
        stub.replyError("token", "INVALID_REFRESH_TOKEN")

        let error = await #expect(throws: AuthError.self) { try await client.idTokenResult() }

        #expect(error?.code == .tokenExpired)
        #expect(error?.detail?.contains("refresh-1") == false)
        #expect(try await client.currentUser() == nil)
    }

    @Test func aNetworkFailureDuringRefreshKeepsTheSession() async throws {
        let stub = StubServer()
        let client = stub.signedInClient(expiresIn: 10)
        stub.fail("token", .notConnectedToInternet)
        let error = await #expect(throws: AuthError.self) { try await client.idTokenResult() }
        #expect(error?.code == .networkRequestFailed)
        #expect(client.state.withLock { $0.session } != nil)
    }
}
