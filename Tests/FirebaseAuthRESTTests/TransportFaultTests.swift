import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct TransportFaultTests {
    @Test(arguments: [
        (HTTPTransportError.Code.cannotConnectToHost, "connection refused"),
        (.cannotFindHost, "host not found"),
        (.dnsLookupFailed, "host not found"),
        (.timedOut, "timed out"),
        (.networkConnectionLost, "connection lost"),
        (.badServerResponse, "URL error"),
    ])
    func transportFailuresAreNetworkErrors(code: HTTPTransportError.Code, reason: String) async throws {
        let stub = StubServer()
        stub.fail("accounts:signInWithPassword", code)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client().signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(error?.code == .networkRequestFailed)
        #expect(error?.detail?.contains(reason) == true)
        #expect(error?.detail?.contains(stub.apiKey) == false)
    }

    @Test(arguments: [
        (500, #"{"error":{"code":500,"message":"INTERNAL"}}"#, AuthErrorCode.internalError),
        (503, "<html>unavailable</html>", .internalError),
        (501, #"{"error":{"code":501,"message":"Only JSON or JWT id_token supported"}}"#, .notImplemented),
        (400, "not json", .internalError),
        (200, "{not json", .internalError),
        (200, #"{"idToken":"x"}"#, .internalError),
    ])
    func serverFaultsAreInternalErrors(status: Int, body: String, code: AuthErrorCode) async throws {
        let stub = StubServer()
        stub.reply("accounts:signInWithPassword", status: status, body)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client().signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(error?.code == code)
    }

    @Test(arguments: [
        (400, #"{"error":{"code":400,"message":"EMAIL_NOT_FOUND"}}"#, AuthErrorCode.emailNotFound),
        (500, #"{"error":{"code":500,"message":"INTERNAL"}}"#, .internalError),
        (200, "garbage", .internalError),
    ])
    func aRealServersAnswersAreMappedToo(status: Int, body: String, code: AuthErrorCode) async throws {
        let server = try LoopbackFaultServer.answering(status: status, body: body)
        defer { server.close() }
        let endpoint = FirebaseEndpoint.emulator(host: "127.0.0.1", port: server.port, projectID: "demo-test")
        let client = FirebaseAuthClient(endpoint: endpoint, sessionStore: MemorySessionStore(), timeout: 5)
        let error = await #expect(throws: AuthError.self) {
            try await client.signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(error?.code == code)
    }

    @Test func aClosedPortIsConnectionRefused() async throws {
        let port = try LoopbackFaultServer.closedPort()
        let client = FirebaseAuthClient(endpoint: .emulator(host: "127.0.0.1", port: port, projectID: "demo-test"),
                                        sessionStore: MemorySessionStore(), timeout: 5)
        let error = await #expect(throws: AuthError.self) {
            try await client.signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(error?.code == .networkRequestFailed)
        #expect(error?.detail?.contains("connection refused") == true)
    }

    /// The time limit, not a wall-clock bound, catches a client that waits forever: on a loaded machine the
    /// test itself may wait for a thread, which says nothing about the client.
    @Test(.timeLimit(.minutes(1))) func aServerThatNeverAnswersTimesOut() async throws {
        let server = try LoopbackFaultServer.silent()
        defer { server.close() }
        let endpoint = FirebaseEndpoint.emulator(host: "127.0.0.1", port: server.port, projectID: "demo-test")
        let client = FirebaseAuthClient(endpoint: endpoint,
                                        sessionStore: MemorySessionStore(), timeout: 0.5)
        let error = await #expect(throws: AuthError.self) {
            try await client.signIn(email: "ann@example.com", password: "pw-123456")
        }
        #expect(error?.code == .networkRequestFailed)
        #expect(error?.detail?.contains("timed out") == true)
    }
}

@Suite struct CancellationTests {
    /// A request that was not cancelled would end in its 30 s timeout ("timed out"), not "cancelled".
    @Test(.timeLimit(.minutes(1))) func cancellingTheCallingTaskCancelsTheRequest() async throws {
        let server = try LoopbackFaultServer.silent()
        defer { server.close() }
        let endpoint = FirebaseEndpoint.emulator(host: "127.0.0.1", port: server.port, projectID: "demo-test")
        let client = FirebaseAuthClient(endpoint: endpoint,
                                        sessionStore: MemorySessionStore(), timeout: 30)
        let call = Task { () -> AuthError? in
            do throws(AuthError) {
                _ = try await client.signIn(email: "ann@example.com", password: "pw-123456")
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        call.cancel()
        guard let error = await call.value else { Issue.record("the call finished"); return }
        #expect(error.code == .networkRequestFailed)
        #expect(error.detail?.contains("cancelled") == true)
    }
}
