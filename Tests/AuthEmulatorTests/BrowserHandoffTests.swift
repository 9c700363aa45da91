import AuthCore
import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport

@Suite("Browser hand-off: createAuthUri with a provider, the authorization page, signInWithIdp(requestUri:)")
struct BrowserHandoffTests {
    private let continueURI = "http://127.0.0.1:43123/"

    /// `createAuthUri` for `provider`; returns the page address and the session.
    private func begin(_ emulator: Emulator, provider: String = "google.com") throws
        -> (authURI: URLComponents, sessionID: String) {
        let reply = emulator.call("createAuthUri", ["providerId": provider, "continueUri": continueURI,
                                                    "oauthScope": "openid email", "customParameter": ["prompt": "select_account"]],
                                  headers: ["Host": "127.0.0.1:9099"])
        try #require(reply.status == 200, "createAuthUri failed: \(reply.errorMessage ?? "")")
        #expect(reply.string("providerId") == provider)
        let address = try #require(reply.string("authUri"))
        let page = try #require(URLComponents(string: address))
        return (page, try #require(reply.string("sessionId")))
    }

    /// The page as a browser gets it.
    private func page(_ emulator: Emulator, _ method: String, query: [String: String] = [:],
                      form: String = "") -> HTTPResponse {
        emulator.api.handle(HTTPRequest(method: method, path: "/emulator/auth/handler", query: query,
                                        headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                        body: Data(form.utf8)))
    }

    /// Chooses `email` on the page of `state`; returns where the browser is sent.
    private func choose(_ emulator: Emulator, state: String, email: String = "ada@example.com",
                        verified: Bool = true) throws -> String {
        let form = "state=\(state)&email=\(email)&displayName=Ada+Lovelace" + (verified ? "&emailVerified=true" : "")
        let answer = page(emulator, "POST", form: form)
        try #require(answer.status == 302)
        return try #require(answer.headers["Location"])
    }

    private func complete(_ emulator: Emulator, requestURI: String, sessionID: String) -> Reply {
        emulator.call("signInWithIdp", ["requestUri": requestURI, "sessionId": sessionID,
                                        "returnSecureToken": true, "returnIdpCredential": true])
    }

    @Test("the page chooses an identity, the browser returns with code and state, and the code signs in once")
    func roundTrip() throws {
        let emulator = try Emulator()
        let (authURI, sessionID) = try begin(emulator)
        #expect(authURI.host == "127.0.0.1" && authURI.port == 9099 && authURI.path == "/emulator/auth/handler")
        let state = try #require(authURI.queryItems?.first { $0.name == "state" }?.value)
        let form = page(emulator, "GET", query: ["state": state, "providerId": "google.com"])
        #expect(form.status == 200)
        let html = String(decoding: form.body, as: UTF8.self)
        #expect(html.contains("Sign in with Google") && html.contains("name=\"email\"") && html.contains(state))
        let returned = try choose(emulator, state: state)
        let location = try #require(URLComponents(string: returned))
        #expect(returned.hasPrefix(continueURI))
        #expect(location.queryItems?.first { $0.name == "state" }?.value == state)
        let signIn = complete(emulator, requestURI: returned, sessionID: sessionID)
        #expect(signIn.status == 200)
        #expect(signIn.bool("isNewUser") == true)
        #expect(signIn.string("email") == "ada@example.com")
        #expect(signIn.bool("emailVerified") == true)
        #expect(signIn.string("displayName") == "Ada Lovelace")
        #expect(signIn.string("oauthIdToken")?.contains("\"email\":\"ada@example.com\"") == true)
        #expect(complete(emulator, requestURI: returned, sessionID: sessionID).errorCode == "INVALID_IDP_RESPONSE")

        // The same identity chosen again is the same account.
        let (again, secondSession) = try begin(emulator)
        let secondState = try #require(again.queryItems?.first { $0.name == "state" }?.value)
        let back = try choose(emulator, state: secondState)
        let returning = complete(emulator, requestURI: back, sessionID: secondSession)
        #expect(returning.bool("isNewUser") == nil)  // Firebase names only new users
        #expect(returning.string("localId") == signIn.string("localId"))
    }

    @Test("a code answers only its own session, state and address")
    func codeIsBound() throws {
        let emulator = try Emulator()
        let (authURI, sessionID) = try begin(emulator)
        let state = try #require(authURI.queryItems?.first { $0.name == "state" }?.value)
        let returned = try choose(emulator, state: state)
        #expect(complete(emulator, requestURI: returned, sessionID: "another-session").errorCode
                    == "INVALID_IDP_RESPONSE")

        let (second, secondSession) = try begin(emulator)
        let secondState = try #require(second.queryItems?.first { $0.name == "state" }?.value)
        let secondReturn = try choose(emulator, state: secondState)
        let moved = secondReturn.replacingOccurrences(of: "127.0.0.1:43123", with: "127.0.0.1:1")
        #expect(complete(emulator, requestURI: moved, sessionID: secondSession).errorCode == "INVALID_REQUEST_URI")
        #expect(complete(emulator, requestURI: continueURI + "?state=x", sessionID: sessionID).errorCode
                    == "INVALID_IDP_RESPONSE")
    }

    @Test("Cancel on the page returns error=access_denied; an unknown or used state gets the expired page")
    func cancelAndExpiry() throws {
        let emulator = try Emulator()
        let (authURI, _) = try begin(emulator)
        let state = try #require(authURI.queryItems?.first { $0.name == "state" }?.value)
        let cancelled = page(emulator, "POST", form: "state=\(state)&cancel=1")
        #expect(cancelled.status == 302)
        let location = try #require(cancelled.headers["Location"].flatMap(URLComponents.init(string:)))
        #expect(location.queryItems?.first { $0.name == "error" }?.value == "access_denied")
        #expect(page(emulator, "GET", query: ["state": state]).status == 400)
        #expect(page(emulator, "GET", query: ["state": "made-up"]).status == 400)

        let (late, _) = try begin(emulator)
        let lateState = try #require(late.queryItems?.first { $0.name == "state" }?.value)
        emulator.clock.advance(by: 601)
        let expired = page(emulator, "GET", query: ["state": lateState])
        #expect(expired.status == 400)
        #expect(String(decoding: expired.body, as: UTF8.self).contains("expired"))
    }

    @Test("a page without a usable email asks again; text reaching the page is escaped")
    func badEmail() throws {
        let emulator = try Emulator()
        let (authURI, _) = try begin(emulator)
        let state = try #require(authURI.queryItems?.first { $0.name == "state" }?.value)
        let answer = page(emulator, "POST", form: "state=\(state)&email=not+an+email")
        #expect(answer.status == 400)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("name=\"email\""))
        let probe = page(emulator, "GET", query: ["state": "<script>"])
        #expect(!String(decoding: probe.body, as: UTF8.self).contains("<script>"))
    }

    @Test("a Host header that is not a plain host and port gives a loopback address")
    func hostileHost() throws {
        let emulator = try Emulator()
        for host in ["evil.example/phish?", "a@b", "[::1", ""] {
            let reply = emulator.call("createAuthUri", ["providerId": "google.com", "continueUri": continueURI],
                                      headers: ["Host": host])
            let address = try #require(reply.string("authUri"))
            #expect(address.hasPrefix("http://127.0.0.1/emulator/auth/handler?"), "\(host) gave \(address)")
        }
    }

    @Test("the page speaks the emulator's language")
    func localizedPage() throws {
        let text = HandoffPageText(language: "de", title: "Mit %@ anmelden", notice: "Kein echtes %@-Konto.",
                                   emailLabel: "E-Mail-Adresse", nameLabel: "Name", emailVerifiedLabel: "Bestätigt",
                                   continueButton: "Weiter", cancelButton: "Abbrechen", expired: "Abgelaufen.")
        let projects = EmulatorProjects(defaultProject: testProject, isPinned: true, handoffPageText: text) { _ throws(AuthError) in
            try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing)
        }
        let api = try IdentityToolkitAPI(projects: projects)
        let body = try JSONSerialization.data(withJSONObject: ["providerId": "github.com", "continueUri": continueURI])
        let created = api.handle(HTTPRequest(method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:createAuthUri",
                                             query: ["key": "k"], headers: ["Host": "127.0.0.1:9099"], body: body))
        let reply = try JSONValue(data: created.body)
        let authURI = try #require(reply["authUri"]?.stringValue)
        let state = try #require(URLComponents(string: authURI)?.queryItems?.first { $0.name == "state" }?.value)
        let html = String(decoding: api.handle(HTTPRequest(method: "GET", path: "/emulator/auth/handler",
                                                           query: ["state": state])).body, as: UTF8.self)
        #expect(html.contains("lang=\"de\"") && html.contains("Mit GitHub anmelden") && html.contains("Weiter"))
        let expired = api.handle(HTTPRequest(method: "GET", path: "/emulator/auth/handler", query: ["state": "x"]))
        #expect(expired.status == 400 && String(decoding: expired.body, as: UTF8.self).contains("Abgelaufen."))
    }
}
