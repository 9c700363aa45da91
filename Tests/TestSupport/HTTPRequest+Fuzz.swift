import Foundation
import HTTPServer

/// Requests a fuzz or property test sends to the emulator, in process or over a socket.
extension HTTPRequest {
    /// A request with the owner credential (the emulator's admin) and a JSON body.
    public static func admin(_ method: String, _ path: String, query: [String: String] = [:], body: String = "")
        -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: query,
                    headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
                    body: Data(body.utf8))
    }

    /// A request with an API key and a JSON body, as a client app sends it.
    public static func client(_ method: String, _ path: String, query: [String: String] = [:], body: String = "")
        -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: query.merging(["key": "fuzz-key"]) { mine, _ in mine },
                    headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// The method, path, query and the start of the body, for a failure message.
    public var summary: String {
        let query = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.prefix(80))" }.joined(separator: "&")
        return "\(method) \(path)?\(query) \(String(decoding: body.prefix(300), as: UTF8.self))"
    }
}

/// What the emulator may answer any request.
extension HTTPResponse {
    /// The body as a JSON object, if it is one.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    /// Why this is not an answer the emulator may give to any request (a 2xx or 4xx JSON object); nil when it is.
    public var problem: String? {
        guard (200..<300).contains(status) || (400..<500).contains(status) else {
            return "status \(status): \(String(decoding: body.prefix(300), as: UTF8.self))"
        }
        return json == nil ? "status \(status) without a JSON object" : nil
    }
}

/// Sends a request to the emulator under test and returns its answer.
public typealias FuzzSend = (HTTPRequest) throws -> HTTPResponse
