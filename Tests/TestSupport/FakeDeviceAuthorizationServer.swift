import Foundation
import HTTPServer
import Synchronization

/// A provider's device authorization and token endpoints on 127.0.0.1, answering the token polls from a script.
public final class FakeDeviceAuthorizationServer: Sendable {
    /// One scripted token-endpoint answer.
    public struct TokenReply: Sendable {
        public var status: Int
        public var body: String

        public static func error(_ code: String) -> TokenReply {
            TokenReply(status: 400, body: #"{"error":"\#(code)"}"#)
        }

        public static func tokens(_ json: String) -> TokenReply { TokenReply(status: 200, body: json) }
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
    public init(grant: String, replies: [TokenReply]) throws {
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

    /// `http://127.0.0.1:<port>`; the endpoints are `/device/code` and `/token` under it.
    public var baseURL: String { "http://127.0.0.1:\(server.port)" }

    /// Every request received, in order.
    public var requests: [HTTPRequest] { script.state.withLock { $0.requests } }
}
