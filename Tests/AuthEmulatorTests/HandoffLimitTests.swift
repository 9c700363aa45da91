@testable import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("Browser hand-offs are bounded: per project, in all, and in time")
struct HandoffLimitTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func handoff(_ state: String, in scope: EmulatorScope, at date: Date) -> IdentityProviderHandoffs.Handoff {
        IdentityProviderHandoffs.Handoff(scope: scope, providerID: "google.com", continueURI: "http://127.0.0.1/",
                                         sessionID: "s", state: state, createdAt: date)
    }

    @Test("a project keeps at most 100 hand-offs; the oldest goes first, one holding a code included")
    func perProjectLimit() {
        let handoffs = IdentityProviderHandoffs()
        let project = EmulatorScope(project: "demo-a")
        handoffs.add(handoff("granted", in: project, at: start))
        #expect(handoffs.issueCode("code", state: "granted", claims: "{}", now: start) != nil)
        for index in 0..<149 {
            handoffs.add(handoff("s\(index)", in: project, at: start.addingTimeInterval(Double(index + 1) / 100)))
        }
        #expect(handoffs.count(in: project) == IdentityProviderHandoffs.perScopeLimit)
        #expect(handoffs.redeem(code: "code", now: start) == nil)
        #expect(handoffs.handoff(state: "s48", now: start) == nil)
        #expect(handoffs.handoff(state: "s49", now: start) != nil && handoffs.handoff(state: "s148", now: start) != nil)
        // Another project's hand-offs are not pushed out by this one's.
        let other = EmulatorScope(project: "demo-b")
        handoffs.add(handoff("other", in: other, at: start))
        handoffs.add(handoff("more", in: project, at: start.addingTimeInterval(2)))
        #expect(handoffs.handoff(state: "other", now: start) != nil)
    }

    @Test("the emulator keeps at most 1,000 hand-offs across projects; the oldest anywhere goes first")
    func totalLimit() {
        let handoffs = IdentityProviderHandoffs()
        for index in 0..<1_100 {
            let scope = EmulatorScope(project: "demo-\(index % 20)")
            handoffs.add(handoff("s\(index)", in: scope, at: start.addingTimeInterval(Double(index) / 100)))
        }
        #expect(handoffs.count == IdentityProviderHandoffs.totalLimit)
        #expect(handoffs.handoff(state: "s99", now: start) == nil)
        #expect(handoffs.handoff(state: "s100", now: start) != nil)
    }

    @Test("hand-offs and codes expire after 10 minutes, and are dropped even when nobody asks for them")
    func expiry() {
        let handoffs = IdentityProviderHandoffs()
        let project = EmulatorScope(project: "demo-a")
        handoffs.add(handoff("pending", in: project, at: start))
        handoffs.add(handoff("granted", in: project, at: start))
        _ = handoffs.issueCode("code", state: "granted", claims: "{}", now: start)
        #expect(handoffs.count == 2)
        let later = start.addingTimeInterval(IdentityProviderHandoffs.lifetime + 1)
        handoffs.add(handoff("fresh", in: EmulatorScope(project: "demo-b"), at: later))
        #expect(handoffs.count == 1)
        #expect(handoffs.redeem(code: "code", now: later) == nil)
    }

    @Test("through the API: the 101st createAuthUri of a project ends the first hand-off's page")
    func createAuthUriLimit() throws {
        let emulator = try Emulator()
        var states: [String] = []
        for _ in 0...IdentityProviderHandoffs.perScopeLimit {
            let reply = emulator.call("createAuthUri", ["providerId": "google.com", "continueUri": "http://127.0.0.1/"])
            let page = try #require(reply.string("authUri").flatMap(URLComponents.init(string:)))
            states.append(try #require(page.queryItems?.first { $0.name == "state" }?.value))
        }
        func page(_ state: String) -> Int {
            emulator.api.handle(HTTPRequest(method: "GET", path: "/emulator/auth/handler", query: ["state": state]))
                .status
        }
        #expect(page(states[0]) == 400)
        #expect(page(states[1]) == 200 && page(states[IdentityProviderHandoffs.perScopeLimit]) == 200)
        #expect(emulator.api.projects.handoffs.count == IdentityProviderHandoffs.perScopeLimit)
    }

    @Test("a continueUri over 8 KiB, a long sessionId or providerId is refused and nothing is kept")
    func longFields() throws {
        let emulator = try Emulator()
        let host = "http://127.0.0.1/?"
        let longest = host + String(repeating: "a", count: FieldLengths.returnAddress - host.count)
        for body in [["continueUri": longest + "a"], ["continueUri": longest, "sessionId": String(repeating: "s", count: 257)],
                     ["continueUri": longest, "providerId": "oidc." + String(repeating: "p", count: 252)]] {
            let reply = emulator.call("createAuthUri", ["providerId": "google.com"].merging(body) { $1 })
            #expect(reply.status == 400 && reply.errorCode == "INVALID_ARGUMENT")
        }
        #expect(emulator.api.projects.handoffs.count == 0)
        #expect(emulator.call("createAuthUri", ["providerId": "google.com", "continueUri": longest]).status == 200)
    }

    @Test("the page refuses an email of 256 characters or a name over 256, as the REST API does")
    func longPageFields() throws {
        let emulator = try Emulator()
        let reply = emulator.call("createAuthUri", ["providerId": "google.com", "continueUri": "http://127.0.0.1/"])
        let page = try #require(reply.string("authUri").flatMap(URLComponents.init(string:)))
        let state = try #require(page.queryItems?.first { $0.name == "state" }?.value)
        func choose(email: String, name: String) -> Int {
            emulator.api.handle(HTTPRequest(method: "POST", path: "/emulator/auth/handler",
                                            headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                            body: Data("state=\(state)&email=\(email)&displayName=\(name)".utf8)))
                .status
        }
        let longEmail = String(repeating: "a", count: 244) + "@example.com"
        #expect(choose(email: longEmail, name: "Ada") == 400)
        #expect(choose(email: "ada@example.com", name: String(repeating: "n", count: 257)) == 400)
        #expect(choose(email: String(longEmail.dropFirst()), name: String(repeating: "n", count: 256)) == 302)
    }
}
