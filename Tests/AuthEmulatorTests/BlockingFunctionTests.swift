import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Synchronization
import Testing
import TestSupport

/// An app's functions on 127.0.0.1: each path answers from its queue of scripted replies (then 500), after
/// `delay`; every request is kept.
final class FakeFunctions: Sendable {
    struct Reply: Sendable {
        var status = 200
        var body: String
    }

    /// The replies still queued and the requests received, shared with the server's handler.
    private final class Script: Sendable {
        let state = Mutex<(replies: [String: [Reply]], requests: [HTTPRequest])>(([:], []))
    }

    private let script = Script()
    private let server: HTTPServer

    init(delay: TimeInterval = 0) throws {
        let script = self.script
        server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            let reply = script.state.withLock { state -> Reply in
                state.requests.append(request)
                guard let next = state.replies[request.path]?.first else {
                    return Reply(status: 500, body: #"{"error":"no reply queued"}"#)
                }
                state.replies[request.path]?.removeFirst()
                return next
            }
            return HTTPResponse(status: reply.status, headers: ["Content-Type": "application/json"],
                                body: Data(reply.body.utf8))
        }
        try server.start()
    }

    deinit { server.stop(gracePeriod: .zero) }

    /// `127.0.0.1:<port>`.
    var address: String { "127.0.0.1:\(server.port)" }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://\(address)\(path)" }

    /// Queues `body` (with `status`) as the next answer of `path`.
    func reply(_ path: String, _ body: String, status: Int = 200) {
        script.state.withLock { $0.replies[path, default: []].append(Reply(status: status, body: body)) }
    }

    /// The requests received at `path`, in order.
    func requests(_ path: String) -> [HTTPRequest] {
        script.state.withLock { $0.requests.filter { $0.path == path } }
    }

    /// The claims of the event JWT the `index`th request to `path` carried (`{"data": {"jwt": …}}`).
    func event(_ path: String, _ index: Int = 0) throws -> JSONValue {
        let requests = requests(path)
        try #require(requests.count > index, "no request \(index) at \(path)")
        let body = try JSONValue(data: requests[index].body)
        let token = try #require(body["data"]?["jwt"]?.stringValue)
        #expect(try jwtSegment(token, 0)["alg"]?.stringValue == "none")
        return try jwtClaims(token)
    }
}

extension Emulator {
    /// Points the project's `triggers` (event name → function URL) at the functions, with `extra` beside them.
    func useBlockingFunctions(_ triggers: [String: String], extra: [String: Any] = [:]) {
        let config = extra.merging(["triggers": triggers.mapValues { ["functionUri": $0] }]) { $1 }
        let reply = admin("PATCH", configPath("/config"), ["blockingFunctions": config],
                          query: ["updateMask": "blockingFunctions"])
        #expect(reply.status == 200, "\(reply.errorMessage ?? "")")
    }
}

@Suite("Blocking functions: the calls, the event, what the answers change, and failures")
struct BlockingFunctionTests {
    static let modify = #"{"userRecord": {"updateMask": "displayName,customClaims,sessionClaims","#
        + #""displayName": "Ada", "customClaims": {"role": "admin"}, "sessionClaims": {"session": "s1"}}}"#

    /// An emulator with ada@example.com signed up, then a beforeSignIn function that first answers `reply`; the
    /// answer to her password sign-in.
    static func passwordSignIn(answered reply: String) throws -> (Emulator, FakeFunctions, Reply) {
        let emulator = try Emulator()
        let functions = try FakeFunctions()
        _ = try emulator.signUp()
        emulator.useBlockingFunctions(["beforeSignIn": functions.url("/in")])
        functions.reply("/in", reply)
        return (emulator, functions,
                emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]))
    }

    @Test("beforeSignIn's session claims reach this sign-in's tokens, also refreshed, but not the next sign-in's")
    func sessionClaims() throws {
        let (emulator, functions, signIn) = try Self.passwordSignIn(answered: Self.modify)
        let claims = try jwtClaims(try #require(signIn.string("idToken")))
        #expect(claims["session"]?.stringValue == "s1" && claims["role"]?.stringValue == "admin")
        #expect(claims["name"]?.stringValue == "Ada" && signIn.string("displayName") == "Ada")
        let refreshed = emulator.refresh(try #require(signIn.string("refreshToken")))
        let refreshedClaims = try jwtClaims(try #require(refreshed.string("id_token")))
        #expect(refreshedClaims["session"]?.stringValue == "s1", "the refresh token carries the session claims")

        functions.reply("/in", #"{}"#)
        let next = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"])
        let nextClaims = try jwtClaims(try #require(next.string("idToken")))
        #expect(nextClaims["session"] == nil, "session claims belong to one sign-in")
        #expect(nextClaims["role"]?.stringValue == "admin", "custom claims were stored on the account")
    }

    @Test("the event names the project, the function, the event, the account and how it signs in")
    func event() throws {
        let emulator = try Emulator()
        let functions = try FakeFunctions()
        emulator.useBlockingFunctions(["beforeCreate": functions.url("/create"), "beforeSignIn": functions.url("/in")])
        functions.reply("/create", #"{"userRecord": {"updateMask": "photoUrl", "photoUrl": "http://p.test/a"}}"#)
        functions.reply("/in", #"{}"#)

        let uid = try emulator.signUp().uid
        let create = try functions.event("/create")
        #expect(create["iss"]?.stringValue == "https://securetoken.google.com/\(testProject)")
        #expect(create["aud"]?.stringValue == functions.url("/create"))
        #expect(create["event_type"]?.stringValue == "beforeCreate" && create["sub"]?.stringValue == uid)
        #expect(create["sign_in_method"]?.stringValue == "password")
        #expect(create["user_record"]?["uid"]?.stringValue == uid)
        #expect(create["user_record"]?["email"]?.stringValue == "ada@example.com")
        #expect(create["user_record"]?["custom_claims"] == .object([:]))
        #expect(create["user_record"]?["metadata"]?["creation_time"] != nil)
        let signIn = try functions.event("/in")
        #expect(signIn["event_type"]?.stringValue == "beforeSignIn")
        #expect(signIn["user_record"]?["photo_url"]?.stringValue == "http://p.test/a", "beforeCreate's change")
        #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": [uid]])
            .array("users").first?["photoUrl"]?.stringValue == "http://p.test/a", "stored on the account")
    }

    @Test("an identity provider's ID token is sent only when forwardInboundCredentials.idToken says so")
    func forwardedCredentials() throws {
        let emulator = try Emulator()
        let functions = try FakeFunctions()
        let idToken = try unsignedJWT(["sub": "g-1", "email": "g@example.com"])
        func signIn() -> Reply {
            emulator.call("signInWithIdp", ["requestUri": "http://localhost",
                                            "postBody": "providerId=google.com&id_token=\(idToken)"])
        }
        emulator.useBlockingFunctions(["beforeSignIn": functions.url("/in")])
        functions.reply("/in", #"{}"#)
        #expect(signIn().status == 200)
        let plain = try functions.event("/in")
        #expect(plain["sign_in_method"]?.stringValue == "google.com" && plain["oauth_id_token"] == nil)
        #expect(plain["raw_user_info"]?.stringValue?.contains("g@example.com") == true)

        emulator.useBlockingFunctions(["beforeSignIn": functions.url("/in")],
                                      extra: ["forwardInboundCredentials": ["idToken": true]])
        functions.reply("/in", #"{}"#)
        #expect(signIn().status == 200)
        #expect(try functions.event("/in", 1)["oauth_id_token"]?.stringValue == idToken)
    }

    @Test("a tenant's sign-ins call the project's functions and name the tenant")
    func tenant() throws {
        let emulator = try Emulator()
        let functions = try FakeFunctions()
        let tenant = try emulator.createTenant()
        emulator.useBlockingFunctions(["beforeCreate": functions.url("/create")])
        functions.reply("/create", #"{}"#)
        let reply = emulator.call("signUp", ["email": "t@example.com", "password": "secret1", "tenantId": tenant])
        #expect(reply.status == 200)
        let event = try functions.event("/create")
        #expect(event["tenant_id"]?.stringValue == tenant && event["user_record"]?["tenant_id"]?.stringValue == tenant)
    }

    @Test("anonymous, custom-token and administrator sign-ups call no function, as in Firebase's emulator")
    func notCalled() throws {
        let emulator = try Emulator()
        let functions = try FakeFunctions()
        emulator.useBlockingFunctions(["beforeCreate": functions.url("/create"), "beforeSignIn": functions.url("/in")])
        #expect(emulator.call("signUp", [:]).status == 200)
        #expect(emulator.admin("POST", projectPath("/accounts"), ["email": "a@example.com"]).status == 200)
        #expect(functions.requests("/create").isEmpty && functions.requests("/in").isEmpty)
    }

    @Test("a failing beforeCreate keeps the account from being created; its error is Firebase's")
    func failures() throws {
        let emulator = try Emulator()
        let functions = try FakeFunctions()
        let url = functions.url("/create")
        emulator.useBlockingFunctions(["beforeCreate": url])
        let cases: [(reply: FakeFunctions.Reply, status: Int, message: String)] = [
            (.init(status: 403, body: "no"), 400,
             "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to \(url) returned HTTP error 403: no))"),
            (.init(body: "not json"), 500, "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response body is not valid JSON.))"),
            (.init(body: #"{"userRecord": {"displayName": "x"}}"#), 400,
             "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response UserRecord is missing updateMask.))"),
            (.init(body: #"{"userRecord": {"updateMask": "customClaims", "customClaims": {"sub": "x"}}}"#), 400,
             "FORBIDDEN_CLAIM : sub"),
        ]
        for item in cases {
            functions.reply("/create", item.reply.body, status: item.reply.status)
            let reply = emulator.call("signUp", ["email": "ada@example.com", "password": "secret1"])
            #expect(reply.status == item.status && reply.errorMessage == item.message)
            #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["email": ["ada@example.com"]])
                .array("users").isEmpty, "no account after \(item.message)")
        }
    }

    @Test("beforeSignIn's failure on an existing account fails the sign-in and keeps the account")
    func signInFailure() throws {
        let (emulator, _, reply) = try Self.passwordSignIn(
            answered: #"{"userRecord": {"updateMask": "sessionClaims", "sessionClaims": "x"}}"#)
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response has malformed session claims.))")
        #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["email": ["ada@example.com"]])
            .array("users").count == 1)
    }

    @Test("an unreachable function fails at once, a silent one after the deadline: the emulator never hangs")
    func unreachable() throws {
        let closed = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPResponse(status: 200) }
        try closed.start()
        let port = closed.port
        closed.stop(gracePeriod: .zero)
        let emulator = try Emulator(blockingFunctionTimeout: 1)
        let url = "http://127.0.0.1:\(port)/create"
        emulator.useBlockingFunctions(["beforeCreate": url])
        let refused = emulator.call("signUp", ["email": "ada@example.com", "password": "secret1"])
        #expect(refused.status == 500)
        #expect(refused.errorMessage == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Failed to make request to \(url).))")

        let silent = try FakeFunctions(delay: 3)
        emulator.useBlockingFunctions(["beforeCreate": silent.url("/create")])
        let started = Date()
        let late = emulator.call("signUp", ["email": "ada@example.com", "password": "secret1"])
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(late.status == 500 && late.errorMessage
            == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Deadline exceeded making request to \(silent.url("/create")).))")
        #expect(emulator.call("signUp", ["email": "bob@example.com", "password": "secret1"]).status == 500,
                "later sign-ups are answered too")
    }

    @Test("the config refuses unknown events and addresses that are not http(s) with a host")
    func configChecks() throws {
        let emulator = try Emulator()
        for (event, uri, detail) in [("beforeDelete", "http://localhost", "((Event type is invalid.))"),
                                     ("beforeCreate", "invalidUri", nil), ("beforeCreate", "file:///etc/passwd", nil),
                                     ("beforeCreate", "http://", nil)] {
            let reply = emulator.admin("PATCH", configPath("/config"),
                                       ["blockingFunctions": ["triggers": [event: ["functionUri": uri]]]])
            #expect(reply.status == 400 && reply.errorCode == "INVALID_BLOCKING_FUNCTION", "\(event) \(uri)")
            if let detail { #expect(reply.errorMessage == "INVALID_BLOCKING_FUNCTION : \(detail)") }
        }
        emulator.useBlockingFunctions(["beforeCreate": "http://127.0.0.1:1/f"])
        #expect(emulator.admin("GET", configPath("/config")).json["blockingFunctions"]?["triggers"] != nil)
        let reset = emulator.admin("PATCH", configPath("/config"), [:])
        #expect(reset.json["blockingFunctions"] == .object([:]), "a patch without a mask replaces them")
        #expect(emulator.call("signUp", ["email": "ada@example.com", "password": "secret1"]).status == 200)
    }
}
