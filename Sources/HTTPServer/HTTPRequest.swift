import FoundationEssentials

/// One HTTP request as the handler sees it: fully received, decoded, independent of the server.
public struct HTTPRequest: Sendable, Equatable {
    /// The request method as sent, e.g. `GET` or `POST`.
    public var method: String
    /// The percent-decoded path, without the query string.
    public var path: String
    /// The percent-decoded query parameters; when a name repeats, the first value wins.
    public var query: [String: String]
    /// The request headers by lower-cased name; repeated headers are joined with ", ".
    public var headers: [String: String]
    /// The request body, empty when none was sent.
    public var body: Data
    /// The client's address when it is not on loopback (where every local process shares one), for per-client
    /// limits; nil on loopback or when not known.
    public var remoteAddress: String?

    /// Makes a request from its parts; header names are lower-cased.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, second in
            "\(first), \(second)"
        }
        self.body = body
    }

    /// The value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
