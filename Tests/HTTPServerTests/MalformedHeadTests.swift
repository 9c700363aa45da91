import Foundation
import HTTPServer
import Testing
import TestSupport

/// A request libmicrohttpd would answer with an HTML page of its own, and the status it must get instead.
struct MalformedRequest: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: String
    let status: Int

    var testDescription: String { name }

    /// A POST's head announcing a chunked body.
    static let chunked = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    static let all = [
        MalformedRequest(name: "4,000 small headers",
                         bytes: "GET / HTTP/1.1\r\nHost: x\r\n" + (0..<4_000).map { "a\($0): b\r\n" }.joined() + "\r\n",
                         status: 431),
        MalformedRequest(name: "HTTP/0.9", bytes: "GET /\r\n", status: 400),
        MalformedRequest(name: "HTTP/0.9 with a blank line", bytes: "GET /\r\n\r\n", status: 400),
        MalformedRequest(name: "HTTP/2 preface", bytes: "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", status: 505),
        MalformedRequest(name: "Content-Length: -5",
                         bytes: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\nabc", status: 400),
        MalformedRequest(name: "Content-Length past 64 bits",
                         bytes: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
                         status: 413),
        MalformedRequest(name: "two different Content-Lengths",
                         bytes: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
                         status: 400),
        MalformedRequest(name: "a Transfer-Encoding other than chunked",
                         bytes: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nab", status: 501),
        MalformedRequest(name: "a header line without a name", bytes: "GET / HTTP/1.1\r\nHost: x\r\n: y\r\n\r\n",
                         status: 400),
        MalformedRequest(name: "a bad chunk size",
                         bytes: chunked + "zz\r\nab\r\n0\r\n\r\n",
                         status: 400),
        MalformedRequest(name: "a chunk without its line end",
                         bytes: chunked + "2\r\nabcd\r\n0\r\n\r\n",
                         status: 400),
        MalformedRequest(name: "a chunk size past 64 bits",
                         bytes: chunked + String(repeating: "f", count: 20) + "\r\nab\r\n",
                         status: 413),
    ]
}

@Suite("Malformed requests get Firebase-shaped JSON, never libmicrohttpd's HTML")
struct MalformedHeadTests {
    /// Regression (issue 27 item 10): libmicrohttpd answered these with HTML, and `Content-Length: -5` with its
    /// header block twice.
    @Test("each is answered once, in JSON, and the connection closes", arguments: MalformedRequest.all)
    func answeredInJSON(_ request: MalformedRequest) throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port, timeout: 10)
        client.send(request.bytes)
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 \(request.status) "), "\(reply.prefix(300))")
        #expect(reply.matches(of: #/HTTP\/1\.1 [0-9]{3} /#).count == 1, "one header block: \(reply.prefix(600))")
        #expect(!reply.lowercased().contains("<html"))
        let body = Data(reply[(reply.firstRange(of: "\r\n\r\n")?.upperBound ?? reply.endIndex)...].utf8)
        let object = try JSONSerialization.jsonObject(with: body) as? [String: [String: Any]]
        let error = try #require(object?["error"])
        let code = error["code"] as? Int
        let domain = (error["errors"] as? [[String: Any]])?.first?["domain"] as? String
        #expect(code == request.status)
        #expect(domain == "global")
        #expect(error["status"] is String && error["message"] is String)
    }

    @Test("1,000 headers of 60 bytes, at the count limit, are still served")
    func headersAtTheCountLimit() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port, timeout: 10)
        let headers = (0..<999).map { "x-\(1_000 + $0): " + String(repeating: "v", count: 51) + "\r\n" }.joined()
        client.send("GET / HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n")
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 200 "), "\(reply.prefix(300))")
        #expect(reply.contains("x-1998"))
    }

    @Test("a valid chunked body with extensions and trailers reaches the handler whole")
    func validChunkedBody() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port, timeout: 10)
        client.send(MalformedRequest.chunked + "3;name=value\r\nabc\r\n")
        client.send("A\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n")
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 200 "), "\(reply.prefix(300))")
        #expect(reply.contains(#""body":"abc0123456789""#))
    }
}
