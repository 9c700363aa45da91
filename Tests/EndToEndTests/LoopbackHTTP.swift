import Foundation
import HTTPServer
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange with a server on 127.0.0.1 over a fresh connection, read to its end (the emulator closes
/// every connection after its answer).
enum LoopbackHTTP {
    /// The connection failed or the answer was cut off: the server is gone.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to `port` and reads the answer; gives up after `timeout` seconds without a byte.
    static func exchange(_ request: HTTPRequest, port: UInt16, timeout: Int = 20) throws -> HTTPResponse {
        let client: RawClient
        do {
            client = try RawClient(port: port, timeout: timeout)
        } catch {
            throw Failure(description: "connect: \(error)")
        }
        client.send(head(of: request, port: port) + request.body)
        return try answer(client.readBytesToEnd())
    }

    /// The request line and headers.
    private static func head(of request: HTTPRequest, port: UInt16) -> Data {
        var target = request.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? request.path
        if !request.query.isEmpty {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+")
            target += "?" + request.query.sorted { $0.key < $1.key }.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
        }
        var head = "\(request.method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(request.body.count)\r\n\r\n"
        return Data(head.utf8)
    }

    /// The status and body of a whole HTTP answer.
    private static func answer(_ raw: Data) throws -> HTTPResponse {
        guard let end = raw.firstRange(of: Data("\r\n\r\n".utf8)),
              let statusLine = String(decoding: raw[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n").first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "no HTTP answer (\(raw.count) bytes)")
        }
        return HTTPResponse(status: status, body: Data(raw[end.upperBound...]))
    }
}
