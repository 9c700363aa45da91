import FoundationEssentials
import JSON

/// The handler's answer to one request.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code, e.g. 200.
    public var status: Int
    /// Response headers; the server adds Content-Length and Date itself.
    public var headers: [String: String]
    /// The response body.
    public var body: Data

    /// Makes a response from its parts.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response encoding `json`; a value that cannot be encoded becomes a 500 JSON error.
    public init<Body: Encodable>(status: Int = 200, json: Body, headers: [String: String] = [:]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let body = try? encoder.encode(json) else {
            self = .jsonError(status: 500, message: "RESPONSE_NOT_ENCODABLE")
            return
        }
        self.init(status: status, headers: headers.merging(Self.jsonContentType) { mine, _ in mine }, body: body)
    }

    /// A JSON response serialising an untyped JSON tree (dictionaries, arrays, strings, numbers, booleans,
    /// `JSONNull`; see `JSONValue(any:)`); anything else becomes a 500 JSON error.
    public init(status: Int = 200, jsonObject: Any, headers: [String: String] = [:]) {
        guard jsonObject is [String: Any] || jsonObject is [Any], let value = JSONValue(any: jsonObject) else {
            self = .jsonError(status: 500, message: "RESPONSE_NOT_ENCODABLE")
            return
        }
        self.init(status: status, headers: headers.merging(Self.jsonContentType) { mine, _ in mine },
                  body: value.data())
    }

    /// A Firebase-shaped JSON error: `{"error":{"code":status,"message":message}}`.
    public static func jsonError(status: Int, message: String) -> HTTPResponse {
        HTTPResponse(status: status, json: ErrorEnvelope(error: .init(code: status, message: message)))
    }

    private static let jsonContentType = ["Content-Type": "application/json; charset=UTF-8"]
}

/// The body of a JSON error response.
private struct ErrorEnvelope: Encodable {
    struct Detail: Encodable {
        let code: Int
        let message: String
    }

    let error: Detail
}
