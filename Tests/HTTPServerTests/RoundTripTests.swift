import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Testing
import TestSupport

@Suite("Request round trips")
struct RoundTripTests {
    @Test("URLSession: JSON body, decoded path and query, JSON answer")
    func urlSessionRoundTrip() async throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        var request = URLRequest(url: fixture.url("/v1/accounts%3AsignUp?key=fake%20key&empty=&key=second"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"email":"ada@example.com","returnSecureToken":true}"#.utf8)
        let (status, body) = try await fixture.fetch(request)
        #expect(status == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: body)
        #expect(echo.method == "POST")
        #expect(echo.path == "/v1/accounts:signUp")
        #expect(echo.query == ["key": "fake key", "empty": ""])
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.body == #"{"email":"ada@example.com","returnSecureToken":true}"#)
    }

    @Test("curl: JSON body and query, status and content type come back")
    func curlRoundTrip() throws {
        let fixture = try ServerFixture { request in
            HTTPResponse(status: 201, json: Echo(request), headers: ["X-Served-By": "fauth"])
        }
        defer { fixture.server.stop() }
        let result = try fixture.curl("/token?grant_type=refresh_token", [
            "-X", "POST", "-H", "Content-Type: application/json", "-D", "-",
            "--data-binary", #"{"refresh_token":"abc"}"#,
        ])
        #expect(result.exitCode == 0)
        #expect(result.status == 201)
        #expect(result.body.contains("Content-Type: application/json; charset=UTF-8"))
        #expect(result.body.contains("X-Served-By: fauth"))
        let json = try #require(result.body.split(separator: "\r\n").last)
        let echo = try JSONDecoder().decode(Echo.self, from: Data(json.utf8))
        #expect(echo.path == "/token")
        #expect(echo.query == ["grant_type": "refresh_token"])
        #expect(echo.body == #"{"refresh_token":"abc"}"#)
    }

    @Test("Header names arrive lower-cased and are found whatever their case")
    func headerCaseInsensitivity() async throws {
        let fixture = try ServerFixture { request in
            HTTPResponse(status: 200, body: Data((request.header("X-FIREBASE-LOCALE") ?? "none").utf8))
        }
        defer { fixture.server.stop() }
        var request = URLRequest(url: fixture.url("/"))
        request.setValue("fr", forHTTPHeaderField: "x-FireBase-Locale")
        let (status, body) = try await fixture.fetch(request)
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "fr")

        let echo = try ServerFixture(handler: echoHandler)
        defer { echo.server.stop() }
        let result = try echo.curl("/", ["-H", "X-Client-VERSION: Swift/1"])
        let decoded = try JSONDecoder().decode(Echo.self, from: Data(result.body.utf8))
        #expect(decoded.headers == ["x-client-version": "Swift/1"])
    }

    @Test("An empty GET has an empty body and no query")
    func emptyGet() async throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let (status, body) = try await fixture.fetch(URLRequest(url: fixture.url("/status")))
        #expect(status == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: body)
        #expect(echo == Echo(HTTPRequest(method: "GET", path: "/status")))
    }

    @Test("A path that is not UTF-8 once decoded gets a 400 JSON error without reaching the handler")
    func malformedPath() throws {
        let fixture = try ServerFixture { _ in
            Issue.record("the handler must not see a malformed request")
            return HTTPResponse(status: 200)
        }
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port)
        client.send("GET /bad%FFpath HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 400"))
        #expect(reply.contains(#""code":400"#))
    }

    @Test("An HTTP/1.1 request without Host gets 400")
    func missingHost() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port)
        client.send("GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 400"))
        #expect(reply.contains("Host header"))
    }
}
