import Foundation

/// One request of an emulator fuzz run, for an in-process handler or a socket alike.
public struct FuzzRequest: Sendable, CustomStringConvertible {
    public var method: String
    /// The path, without the query.
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: Data

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A request with the owner credential (the emulator's admin) and a JSON body.
    public static func admin(_ method: String, _ path: String, query: [String: String] = [:], body: String = "")
        -> FuzzRequest {
        FuzzRequest(method: method, path: path, query: query,
                    headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
                    body: Data(body.utf8))
    }

    /// A request with an API key and a JSON body, as a client app sends it.
    public static func client(_ method: String, _ path: String, query: [String: String] = [:], body: String = "")
        -> FuzzRequest {
        FuzzRequest(method: method, path: path, query: query.merging(["key": "fuzz-key"]) { mine, _ in mine },
                    headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// The method, path, query and the start of the body, for a failure message.
    public var description: String {
        let query = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.prefix(80))" }.joined(separator: "&")
        return "\(method) \(path)?\(query) \(String(decoding: body.prefix(300), as: UTF8.self))"
    }
}

/// What the emulator answered a `FuzzRequest`.
public struct FuzzAnswer: Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

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
public typealias FuzzSend = (FuzzRequest) throws -> FuzzAnswer
