import AuthCore
import FoundationEssentials

/// Turns Identity Toolkit answers and transport failures into `AuthError`s.
///
/// Details name the operation and the server's words but never a value from the request: every secret of
/// the request is replaced by `‹redacted›` before a detail is made.
enum RESTErrorMapping {
    /// Server codes folded into the code the Firebase SDKs (and the local backend) report for the same case;
    /// these win over a same-named `AuthErrorCode`.
    static let aliases: [String: AuthErrorCode] = [
        "USER_MISMATCH": .invalidLoginCredentials,
        "INVALID_REFRESH_TOKEN": .tokenExpired,
        "PASSWORD_LOGIN_DISABLED": .operationNotAllowed,
        "ADMIN_ONLY_OPERATION": .operationNotAllowed,
        "MISSING_APP_CREDENTIAL": .operationNotAllowed,
        "INVALID_APP_CREDENTIAL": .operationNotAllowed,
        "CAPTCHA_CHECK_FAILED": .operationNotAllowed,
        "RESET_PASSWORD_EXCEED_LIMIT": .tooManyAttemptsTryLater,
        "MISSING_SESSION_INFO": .invalidSessionInfo,
        "MISSING_PHONE_NUMBER": .invalidPhoneNumber,
        "FEDERATED_USER_ID_ALREADY_LINKED": .credentialAlreadyInUse,
    ]

    /// The error for a server message such as `"WEAK_PASSWORD : Password should be…"` (leading `[A-Z_]+`).
    static func error(restMessage message: String, operation: String, secrets: [String]) -> AuthError {
        let token = String(message.prefix { $0.isUppercase || $0 == "_" })
        let code = aliases[token] ?? AuthErrorCode(rawValue: token) ?? .internalError
        return AuthError(code, detail: redact("\(operation): \(message)", secrets))
    }

    /// The error for a non-2xx HTTP answer: the body's `error.message` for 4xx, INTERNAL_ERROR for 5xx and for
    /// bodies that are not Firebase-shaped (NOT_IMPLEMENTED for 501, an emulator's missing feature).
    static func error(status: Int, body: Data, operation: String, secrets: [String]) -> AuthError {
        let message = (try? JSONDecoder().decode(ErrorEnvelope.self, from: body))?.error.message
        if status < 500, let message {
            return error(restMessage: message, operation: operation, secrets: secrets)
        }
        let detail = redact("\(operation): HTTP \(status)" + (message.map { " \($0)" } ?? ""), secrets)
        return AuthError(status == 501 ? .notImplemented : .internalError, detail: detail)
    }

    /// NETWORK_REQUEST_FAILED for anything that kept the request from getting an HTTP answer.
    static func transportError(_ error: any Error, operation: String) -> AuthError {
        guard let transportError = error as? HTTPTransportError else {
            let reason = error is CurlUnavailable ? "\(error)" : "\(type(of: error))"
            return AuthError(.networkRequestFailed, detail: "\(operation): \(reason)")
        }
        let reason = switch transportError.code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .timedOut: "timed out"
        case .notConnectedToInternet: "not connected to the internet"
        case .networkConnectionLost: "connection lost"
        case .cancelled: "cancelled"
        case .secureConnectionFailed, .serverCertificateUntrusted: "TLS failure"
        default: "URL error \(transportError.code.rawValue)"
        }
        return AuthError(.networkRequestFailed, detail: "\(operation): \(reason)")
    }

    /// INTERNAL_ERROR for a 2xx body that is not the JSON the operation returns.
    static func malformedResponse(operation: String) -> AuthError {
        AuthError(.internalError, detail: "\(operation): malformed response")
    }

    /// `text` with every non-empty secret replaced.
    static func redact(_ text: String, _ secrets: [String]) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacing($1, with: "‹redacted›") }
    }
}

/// Identity Toolkit's error body: `{"error": {"code": 400, "message": "CODE : detail"}}`.
struct ErrorEnvelope: Decodable {
    struct Body: Decodable {
        var message: String
    }

    var error: Body
}
