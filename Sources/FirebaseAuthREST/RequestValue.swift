import FoundationEssentials

/// A JSON value in a request body, written as a literal: `["email": .string(email), "returnSecureToken": true]`.
enum RequestValue: Sendable, Hashable, Encodable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    case string(String)
    case bool(Bool)
    case array([RequestValue])
    case object([String: RequestValue])

    /// Body fields whose values are secrets: they are redacted from any error detail.
    static let secretKeys: Set<String> = [
        "password", "newPassword", "oldPassword", "idToken", "refresh_token", "oobCode", "code",
        "verificationCode", "sessionInfo", "mfaPendingCredential", "postBody", "temporaryProof",
        "recaptchaToken", "captchaResponse", "captchaResp",
    ]

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: RequestValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, RequestValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// The string values under `secretKeys`, at any depth.
    var secrets: [String] {
        switch self {
        case .string, .bool: []
        case .array(let values): values.flatMap(\.secrets)
        case .object(let fields):
            fields.flatMap { key, value -> [String] in
                if Self.secretKeys.contains(key), case .string(let secret) = value { return [secret] }
                return value.secrets
            }
        }
    }
}
