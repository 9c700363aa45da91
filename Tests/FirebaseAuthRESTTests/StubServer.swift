import Foundation
import Synchronization
@testable import FirebaseAuthREST

/// One request the client sent, as the stub received it.
struct RecordedRequest: Sendable {
    var method: String
    var url: URL
    var contentType: String?
    var body: Data

    /// The last path component: `accounts:signUp`, `token`, `oobCodes`.
    var operation: String { url.lastPathComponent }
    /// The JSON body's top-level fields.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    /// The JSON body's string field `name`.
    func string(_ name: String) -> String? { json[name] as? String }
    /// A form-encoded body's fields.
    var form: [String: String] { Self.formFields(String(decoding: body, as: UTF8.self)) }

    /// `a=1&b=x%20y` decoded.
    static func formFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}

/// What the stub answers to one request.
enum StubReply: Sendable {
    case json(status: Int, String)
    case failure(HTTPTransportError.Code)
}

/// A scripted Identity Toolkit: queued replies per operation, every request recorded.
///
/// Requests reach it through `StubTransport`, which finds the server by the `key` query parameter, so
/// tests running in parallel each talk to their own stub.
final class StubServer: Sendable {
    private struct Script {
        var replies: [String: [StubReply]] = [:]
        var requests: [RecordedRequest] = []
    }

    private struct Entry: Sendable {
        weak var server: StubServer?
    }

    private static let registry = Mutex<[String: Entry]>([:])

    let apiKey = "stub-\(UUID().uuidString)"
    private let script = Mutex(Script())

    init() {
        Self.registry.withLock { $0[apiKey] = Entry(server: self) }
    }

    deinit {
        Self.registry.withLock { $0[apiKey] = nil }
    }

    /// The server a request with API key `key` is for.
    static func server(forKey key: String) -> StubServer? {
        registry.withLock { $0[key]?.server }
    }

    /// Queues a JSON answer for the next request to `operation`.
    func reply(_ operation: String, status: Int = 200, _ json: String) {
        script.withLock { $0.replies[operation, default: []].append(.json(status: status, json)) }
    }

    /// Queues a Firebase-shaped error answer for the next request to `operation`.
    func replyError(_ operation: String, _ message: String, status: Int = 400) {
        reply(operation, status: status, #"{"error":{"code":\#(status),"message":"\#(message)"}}"#)
    }

    /// Queues a transport failure for the next request to `operation`.
    func fail(_ operation: String, _ code: HTTPTransportError.Code) {
        script.withLock { $0.replies[operation, default: []].append(.failure(code)) }
    }

    /// Every request so far, oldest first.
    var requests: [RecordedRequest] { script.withLock { $0.requests } }

    /// The requests to `operation`.
    func requests(_ operation: String) -> [RecordedRequest] { requests.filter { $0.operation == operation } }

    /// Records `request` and takes its queued reply (599 when none is queued: the test forgot one).
    func answer(_ request: RecordedRequest) -> StubReply {
        script.withLock { script in
            script.requests.append(request)
            guard var queue = script.replies[request.operation], !queue.isEmpty else {
                return .json(status: 599, #"{"error":{"message":"STUB_HAS_NO_REPLY"}}"#)
            }
            let reply = queue.removeFirst()
            script.replies[request.operation] = queue
            return reply
        }
    }

    /// A client for this stub: an emulator endpoint by default, production when asked.
    func client(store: any SessionStore = MemorySessionStore(), clock: TestClock = TestClock(),
                production: Bool = false) -> FirebaseAuthClient {
        let endpoint: FirebaseEndpoint = production
            ? .production(apiKey: apiKey)
            : .emulator(host: "stub.invalid", port: 9099, projectID: "demo-test", apiKey: apiKey)
        return FirebaseAuthClient(endpoint: endpoint, sessionStore: store, clock: { clock.now },
                                  transport: StubTransport(), timeout: 5)
    }
}

/// Hands every request to the `StubServer` its API key names.
struct StubTransport: HTTPTransport {
    func send(_ request: HTTPTransportRequest, timeout: TimeInterval) async throws -> HTTPTransportResponse {
        let key = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "key" }?.value ?? ""
        let recorded = RecordedRequest(method: request.method, url: request.url, contentType: request.contentType,
                                       body: request.body ?? Data())
        let reply = StubServer.server(forKey: key)?.answer(recorded)
            ?? .json(status: 599, #"{"error":{"message":"NO_STUB_FOR_KEY"}}"#)
        switch reply {
        case .failure(let code):
            throw HTTPTransportError(code)
        case .json(let status, let text):
            return HTTPTransportResponse(status: status, body: Data(text.utf8))
        }
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let date: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        date = Mutex(start)
    }

    var now: Date { date.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
