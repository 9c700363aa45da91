import AuthCore
import FoundationEssentials

/// One call to Identity Toolkit, securetoken or an emulator endpoint, before it is sent.
struct RESTRequest: Sendable {
    /// What the body carries.
    enum Body: Sendable {
        case none
        case json(RequestValue)
        /// `application/x-www-form-urlencoded` fields, in order.
        case form([(String, String)])
    }

    /// A short name for error details, such as `accounts:signUp`; never holds a value from the body.
    var operation: String
    var method: String
    var url: URL
    var body: Body
    /// Values that must never appear in an error detail (passwords, tokens, codes): the caller's, plus the JSON
    /// body's fields named in `RequestValue.secretKeys`.
    var secrets: [String]

    init(operation: String, method: String = "POST", url: URL, body: Body, secrets: [String] = []) {
        self.operation = operation
        self.method = method
        self.url = url
        self.body = body
        if case .json(let value) = body {
            self.secrets = secrets + value.secrets
        } else {
            self.secrets = secrets
        }
    }

    /// The request as the transport sends it.
    var transportRequest: HTTPTransportRequest {
        switch body {
        case .none:
            HTTPTransportRequest(method: method, url: url)
        case .json(let value):
            HTTPTransportRequest(method: method, url: url, contentType: "application/json",
                                 body: try? JSONEncoder().encode(value))
        case .form(let fields):
            HTTPTransportRequest(method: method, url: url, contentType: "application/x-www-form-urlencoded",
                                 body: Data(Self.formEncoded(fields).utf8))
        }
    }

    /// `a=1&b=x%20y`: every byte outside RFC 3986's unreserved set percent-encoded.
    static func formEncoded(_ fields: [(String, String)]) -> String {
        fields.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    private static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}
