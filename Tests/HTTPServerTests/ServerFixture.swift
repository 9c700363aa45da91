import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import TestSupport

/// Starts a loopback server on a free port for one test, and reaches it with URLSession, curl or raw bytes.
struct ServerFixture {
    let server: HTTPServer

    init(maxBodyBytes: Int = 1 << 20, requestDeadline: Duration = .seconds(60), idleTimeout: Duration = .seconds(10),
         handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        server = try HTTPServer(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes,
                                requestDeadline: requestDeadline, idleTimeout: idleTimeout, handler: handler)
        try server.start()
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    /// A session that fails a request after 10 s instead of hanging the test.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 20
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()

    /// Sends `request` with URLSession; returns the status and the body.
    func fetch(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await Self.session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? -1, data)
    }

    /// Runs curl (clean signal mask, 10 s limit) with `arguments` against `path`; the output ends with
    /// a line holding the status code (000 when no response came).
    func curl(_ path: String, _ arguments: [String]) throws -> (status: Int, body: String, exitCode: Int32) {
        let result = try spawnClean(["curl", "-sS", "--max-time", "10", "-w", "\n%{http_code}"]
                                    + arguments + [url(path).absoluteString])
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let status = Int(lines.last ?? "") ?? -1
        return (status, lines.dropLast().joined(separator: "\n"), result.status)
    }
}

/// A handler that echoes the request as JSON: method, path, query, selected headers and body text.
@Sendable func echoHandler(_ request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(status: 200, json: Echo(request))
}

/// What `echoHandler` answers.
struct Echo: Codable, Equatable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var body: String

    init(_ request: HTTPRequest) {
        method = request.method
        path = request.path
        query = request.query
        headers = request.headers.filter { $0.key.hasPrefix("x-") || $0.key == "content-type" }
        body = String(decoding: request.body, as: UTF8.self)
    }
}
