import FoundationEssentials

/// Carries the REST client's HTTP requests: `CurlTransport` by default, a stub in tests.
///
/// A failure to get any HTTP answer is thrown as an `HTTPTransportError` (`.cannotConnectToHost`, `.timedOut`,
/// `.cancelled`, …), the vocabulary `RESTErrorMapping` turns into NETWORK_REQUEST_FAILED details.
public protocol HTTPTransport: Sendable {
    /// The answer to `request`, given within `timeout` seconds; cancelling the calling task cancels it.
    func send(_ request: HTTPTransportRequest, timeout: TimeInterval) async throws -> HTTPTransportResponse
}

/// One HTTP request of the REST client.
public struct HTTPTransportRequest: Sendable {
    public var method: String
    public var url: URL
    /// The `Content-Type` of `body`, when there is a body.
    public var contentType: String?
    public var body: Data?

    public init(method: String, url: URL, contentType: String? = nil, body: Data? = nil) {
        self.method = method
        self.url = url
        self.contentType = contentType
        self.body = body
    }
}

/// An HTTP answer: its status and body.
public struct HTTPTransportResponse: Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
