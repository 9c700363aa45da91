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

    /// A Firebase-shaped JSON error, as the emulator's own:
    /// `{"error":{"code":status,"message":message,"errors":[{"message","domain","reason"}],"status":…}}`.
    public static func jsonError(status: Int, message: String) -> HTTPResponse {
        let (reason, canonical) = switch status {
        case 413: ("requestTooLarge", "INVALID_ARGUMENT")
        case 501, 505: ("notImplemented", "UNIMPLEMENTED")
        case 500...: ("backendError", "INTERNAL")
        default: ("invalid", "INVALID_ARGUMENT")
        }
        let error = ErrorEnvelope.Error(code: status, message: message,
                                        errors: [.init(message: message, domain: "global", reason: reason)],
                                        status: canonical)
        return HTTPResponse(status: status, json: ErrorEnvelope(error: error))
    }

    private static let jsonContentType = ["Content-Type": "application/json; charset=UTF-8"]
}

/// The body of a JSON error response.
private struct ErrorEnvelope: Encodable {
    struct Error: Encodable {
        let code: Int
        let message: String
        let errors: [Detail]
        let status: String
    }

    /// The one entry of `errors`.
    struct Detail: Encodable {
        let message: String
        let domain: String
        let reason: String
    }

    let error: Error
}
