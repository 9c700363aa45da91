import Foundation
import HTTPServer
import Synchronization
@testable import FirebaseAuthREST

/// A provider's device authorization and token endpoints on 127.0.0.1, answering the token polls from a script.
final class FakeDeviceAuthorizationServer: Sendable {
    /// One scripted token-endpoint answer.
    struct TokenReply: Sendable {
        var status: Int
        var body: String

        static func error(_ code: String) -> TokenReply { TokenReply(status: 400, body: #"{"error":"\#(code)"}"#) }
        static func tokens(_ json: String) -> TokenReply { TokenReply(status: 200, body: json) }
    }

    private struct State {
        var grantBody: String
        var replies: [TokenReply]
        var requests: [HTTPRequest] = []
    }

    /// The script and what was received, shared with the server's handler.
    private final class Script: Sendable {
        let state: Mutex<State>

        init(_ state: State) { self.state = Mutex(state) }
    }

    private let script: Script
    private let server: HTTPServer

    /// Serves `grant` at `/device/code` and `replies`, in order, at `/token` (then `invalid_grant`).
    init(grant: String, replies: [TokenReply]) throws {
        let script = Script(State(grantBody: grant, replies: replies))
        self.script = script
        server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
            script.state.withLock { state in
                state.requests.append(request)
                switch request.path {
                case "/device/code":
                    return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                        body: Data(state.grantBody.utf8))
                case "/token":
                    let reply = state.replies.isEmpty ? .error("invalid_grant") : state.replies.removeFirst()
                    return HTTPResponse(status: reply.status, headers: ["Content-Type": "application/json"],
                                        body: Data(reply.body.utf8))
                default:
                    return HTTPResponse(status: 404)
                }
            }
        }
        try server.start()
    }

    deinit { server.stop(gracePeriod: .zero) }

    /// The provider with this server's endpoints.
    func provider(_ providerID: String, kind: DeviceAuthorizationProvider.TokenKind) -> DeviceAuthorizationProvider {
        let base = "http://127.0.0.1:\(server.port)"
        return DeviceAuthorizationProvider(providerID: providerID, clientID: "device-client",
                                           deviceAuthorizationEndpoint: URL(string: "\(base)/device/code")!,
                                           tokenEndpoint: URL(string: "\(base)/token")!, tokenKind: kind,
                                           scopes: ["openid", "email"])
    }

    /// The form fields of every request to `path`, in order.
    func forms(_ path: String) -> [[String: String]] {
        script.state.withLock { $0.requests }.filter { $0.path == path }
            .map { RecordedRequest.formFields(String(decoding: $0.body, as: UTF8.self)) }
    }
}
