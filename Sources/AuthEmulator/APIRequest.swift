import Foundation

/// One HTTP request as the server hands it over: no sockets, just the parts the API reads.
public struct APIRequest: Sendable, Hashable {
    /// The HTTP method, such as `POST`.
    public var method: String
    /// The path without the query string, such as `/identitytoolkit.googleapis.com/v1/accounts:signUp`.
    public var path: String
    /// Decoded query parameters.
    public var query: [String: String]
    /// Request headers; names are matched case-insensitively.
    public var headers: [String: String]
    /// The raw body (JSON or a form).
    public var body: Data

    /// A request with everything given.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, whatever its letter case.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }
}

/// The answer to an `APIRequest`.
public struct APIResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Response headers (`Content-Type` for every JSON answer).
    public var headers: [String: String]
    /// The JSON body.
    public var body: Data

    /// A response with everything given.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response: `object` serialized with sorted keys.
    static func json(_ object: [String: Any], status: Int = 200, headers: [String: String] = [:]) -> APIResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object,
                                                options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return APIResponse(status: status,
                           headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { $1 },
                           body: body)
    }
}
