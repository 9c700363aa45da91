import AuthCore
import FoundationEssentials

/// Turns Identity Toolkit answers and transport failures into `AuthError`s.
///
/// Details name the operation and the server's words but never a value from the request: every secret of
/// the request is replaced by `‹redacted›` before a detail is made.
enum RESTErrorMapping {
    /// Every server code the app knows and the `AuthErrorCode` it becomes, in one table: each `AuthErrorCode` under
    /// its own name, and the codes folded into the one the Firebase SDKs (and the local backend) report for the
    /// same case, so each has a message that says it; a fold wins over a same-named `AuthErrorCode`. Codes that only
    /// a faulty request or an admin operation gets are folded into INTERNAL_ERROR on purpose (the generic message,
    /// not logged as unknown). `FirebaseErrorCodes` in the tests lists what Firebase documents and its emulator
    /// returns.
    static let serverCodes: [String: AuthErrorCode] = Dictionary(
        uniqueKeysWithValues: AuthErrorCode.allCases.map { ($0.rawValue, $0) }
    ).merging([
        // The session is gone or unusable: sign in again.
        "INVALID_REFRESH_TOKEN": .tokenExpired, "MISSING_REFRESH_TOKEN": .tokenExpired,
        "INVALID_GRANT_TYPE": .tokenExpired, "MISSING_GRANT_TYPE": .tokenExpired, "MISSING_ID_TOKEN": .invalidIdToken,
        "USER_ATTRIBUTE_NOT_FOUND": .userNotFound,
        // A method the project does not offer here.
        "PASSWORD_LOGIN_DISABLED": .operationNotAllowed, "ADMIN_ONLY_OPERATION": .operationNotAllowed,
        "MISSING_APP_CREDENTIAL": .missingRecaptchaToken, "INVALID_APP_CREDENTIAL": .captchaCheckFailed,
        "INVALID_RECAPTCHA_TOKEN": .captchaCheckFailed, "INVALID_RECAPTCHA_VERSION": .operationNotAllowed,
        "MISSING_RECAPTCHA_VERSION": .operationNotAllowed, "INVALID_RECAPTCHA_ACTION": .operationNotAllowed,
        "RECAPTCHA_NOT_ENABLED": .operationNotAllowed, "MISSING_CLIENT_TYPE": .operationNotAllowed,
        "INVALID_PROVIDER_ID": .operationNotAllowed, "MISSING_PROVIDER_ID": .operationNotAllowed,
        "UNSUPPORTED_PASSTHROUGH_OPERATION": .operationNotAllowed,
        // The project does not accept this app (key, project, domains, tenant).
        "API_KEY_INVALID": .appNotAuthorized, "INVALID_API_KEY": .appNotAuthorized,
        "API_KEY_SERVICE_BLOCKED": .appNotAuthorized, "API_KEY_HTTP_REFERRER_BLOCKED": .appNotAuthorized,
        "CONFIGURATION_NOT_FOUND": .appNotAuthorized, "PROJECT_NOT_FOUND": .appNotAuthorized,
        "INVALID_PROJECT_ID": .appNotAuthorized, "PROJECT_DISABLED": .appNotAuthorized,
        "PERMISSION_DENIED": .appNotAuthorized, "INSUFFICIENT_PERMISSION": .appNotAuthorized,
        "INVALID_CONTINUE_URI": .appNotAuthorized, "MISSING_CONTINUE_URI": .appNotAuthorized,
        "UNAUTHORIZED_DOMAIN": .appNotAuthorized, "INVALID_DYNAMIC_LINK_DOMAIN": .appNotAuthorized,
        "INVALID_HOSTING_LINK_DOMAIN": .appNotAuthorized, "INVALID_TENANT_ID": .appNotAuthorized,
        "TENANT_ID_MISMATCH": .appNotAuthorized, "UNSUPPORTED_TENANT_OPERATION": .appNotAuthorized,
        "MISSING_ANDROID_PACKAGE_NAME": .appNotAuthorized, "MISSING_IOS_BUNDLE_ID": .appNotAuthorized,
        "BILLING_NOT_ENABLED": .appNotAuthorized,
        // What the person typed or was sent.
        "INVALID_IDENTIFIER": .invalidEmail, "MISSING_IDENTIFIER": .invalidEmail, "MISSING_NEW_EMAIL": .invalidEmail,
        "INVALID_MFA_PHONE_NUMBER": .invalidPhoneNumber, "MISSING_PHONE_NUMBER": .invalidPhoneNumber,
        "INVALID_TEMPORARY_PROOF": .invalidCode, "CODE_EXPIRED": .sessionExpired,
        "MISSING_SESSION_INFO": .invalidSessionInfo,
        "MISSING_MFA_PENDING_CREDENTIAL": .invalidMFAPendingCredential,
        "MISSING_MFA_ENROLLMENT_ID": .mfaEnrollmentNotFound, "INVALID_MFA_ENROLLMENT_ID": .mfaEnrollmentNotFound,
        "RESET_PASSWORD_EXCEED_LIMIT": .tooManyAttemptsTryLater,
        // A provider's answer that cannot be used.
        "INVALID_PENDING_TOKEN": .invalidIdpResponse, "MISSING_OR_INVALID_NONCE": .invalidIdpResponse,
        "INVALID_CREDENTIAL_OR_PROVIDER_ID": .invalidIdpResponse,
        "MISSING_REQUEST_URI": .invalidIdpResponse, "REJECTED_CREDENTIAL": .invalidIdpResponse,
        "FEDERATED_USER_ID_ALREADY_LINKED": .credentialAlreadyInUse,
        // A faulty request, a blocking function's refusal, or an admin operation: the generic message.
        "INVALID_ARGUMENT": .internalError, "UNEXPECTED_PARAMETER": .internalError,
        "BLOCKING_FUNCTION_ERROR_RESPONSE": .internalError, "INVALID_BLOCKING_FUNCTION": .internalError,
        "INVALID_CUSTOM_TOKEN": .internalError, "MISSING_CUSTOM_TOKEN": .internalError,
        "CREDENTIAL_MISMATCH": .internalError, "MISSING_CREDENTIAL": .internalError,
        "INVALID_REQ_TYPE": .internalError, "MISSING_REQ_TYPE": .internalError,
        "OOB_REQ_TYPE_UNSPECIFIED": .internalError, "MISSING_LOCAL_ID": .internalError,
        "MISSING_USER_ACCOUNT": .internalError, "DUPLICATE_LOCAL_ID": .internalError, "DUPLICATE_EMAIL": .internalError,
        "DUPLICATE_RAW_ID": .internalError, "DUPLICATE_MFA_ENROLLMENT_ID": .internalError,
        "CLAIMS_TOO_LARGE": .internalError, "FORBIDDEN_CLAIM": .internalError, "INVALID_CLAIMS": .internalError,
        "INVALID_DURATION": .internalError, "LOCAL_ID_LIST_EXCEEDS_LIMIT": .internalError,
        "INVALID_CREDENTIAL_ID": .internalError, "MISSING_AUTHENTICATOR_RESPONSE": .internalError,
        "MISSING_RAW_ID": .internalError, "PASSKEY_CREDENTIAL_NOT_FOUND": .internalError,
        "EMAIL_CHANGE_NEEDS_VERIFICATION": .internalError, "INVALID_SERVICE_ACCOUNT": .internalError,
        "INTERNAL": .internalError, "UNKNOWN": .internalError,
    ] as [String: AuthErrorCode]) { _, fold in fold }

    /// The code a server message starts with (`CODE`, `CODE : detail`, `CODE (detail)`); nil for a sentence such
    /// as Google's "API key not valid. Please pass a valid API key.", which `status`/`reason` name instead.
    static func code(of message: String) -> String? {
        let token = String(message.prefix { $0.isUppercase || $0.isNumber || $0 == "_" })
        let rest = message.dropFirst(token.count)
        let endsCode = rest.isEmpty || rest.hasPrefix(":") || rest.hasPrefix(" :") || rest.hasPrefix(" (")
        return token.isEmpty || !endsCode ? nil : token
    }

    /// The app's code for a server's code, or nil when Firebase documents no such code (then it is logged).
    static func known(_ serverCode: String) -> AuthErrorCode? {
        serverCodes[serverCode]
    }

    /// The error for a server message (the body's `error.message`, with its `status` and first `reason`): its
    /// code's, or INTERNAL_ERROR with `unrecognizedCode` set when no code of it is known.
    static func error(restMessage message: String, status: String? = nil, reason: String? = nil, operation: String,
                      secrets: [String]) -> AuthError {
        let candidates = [code(of: message), reason, status].compactMap { $0 }
        let detail = redact("\(operation): \(message)", secrets)
        guard let code = candidates.lazy.compactMap(known).first else {
            return AuthError(.internalError, detail: detail, unrecognizedCode: candidates.first ?? message)
        }
        return AuthError(code, detail: detail)
    }

    /// The error for a non-2xx HTTP answer: the body's `error.message` for 4xx, INTERNAL_ERROR for 5xx and for
    /// bodies that are not Firebase-shaped (NOT_IMPLEMENTED for 501, an emulator's missing feature).
    static func error(status: Int, body: Data, operation: String, secrets: [String]) -> AuthError {
        let envelope = (try? JSONDecoder().decode(ErrorEnvelope.self, from: body))?.error
        let message = envelope?.message
        if status < 500, let envelope {
            return error(restMessage: envelope.message, status: envelope.status,
                         reason: envelope.details?.lazy.compactMap(\.reason).first, operation: operation,
                         secrets: secrets)
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

/// Identity Toolkit's error body: `{"error": {"code": 400, "message": "CODE : detail", "status": "…",
/// "details": [{"reason": "…"}]}}` (Google's API errors put the code in `reason` when the message is a sentence).
struct ErrorEnvelope: Decodable {
    struct Body: Decodable {
        var message: String
        var status: String?
        var details: [Detail]?
    }

    struct Detail: Decodable {
        var reason: String?
    }

    var error: Body
}
