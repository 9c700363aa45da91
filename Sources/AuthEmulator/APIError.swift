import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

/// A failure the API reports in Firebase's shape:
/// `{"error":{"code":400,"message":"CODE : detail","errors":[{"message":…,"domain":"global","reason":…}]}}`.
struct APIError: Error, Sendable, Hashable {
    /// The HTTP status.
    var status: Int
    /// The machine code that opens `message` (`EMAIL_EXISTS`, `INVALID_ARGUMENT`, …).
    var code: String
    /// Human detail after `" : "`, if any.
    var detail: String?
    /// Google's canonical status (`INVALID_ARGUMENT`, `NOT_FOUND`, …), sent for errors other than plain 400s.
    var canonicalStatus: String?
    /// Whether `message` is `detail` alone, a sentence as Google's JSON parser words it (no code before it).
    var isSentence = false

    /// A 400 with a Firebase code, as most Identity Toolkit failures are.
    init(_ code: String, _ detail: String? = nil) {
        self.init(status: 400, code: code, detail: detail, canonicalStatus: nil)
    }

    /// An error with every part given.
    init(status: Int, code: String, detail: String?, canonicalStatus: String?) {
        self.status = status
        self.code = code
        self.detail = detail
        self.canonicalStatus = canonicalStatus
    }

    /// A malformed request: bad JSON, a field of the wrong type, an unknown enum value.
    static func invalidArgument(_ detail: String) -> APIError {
        APIError(status: 400, code: "INVALID_ARGUMENT", detail: detail, canonicalStatus: "INVALID_ARGUMENT")
    }

    /// A body that is not JSON, or not of the request's schema: 400 INVALID_ARGUMENT whose message is
    /// "Invalid JSON payload received. <detail>", as Firebase's emulator (and production) word it.
    static func invalidJSONPayload(_ detail: String) -> APIError {
        var error = APIError.invalidArgument("Invalid JSON payload received. \(detail)")
        error.isSentence = true
        return error
    }

    /// 501: something Firebase's emulator does not do either.
    static func notImplemented(_ detail: String?) -> APIError {
        APIError(status: 501, code: "NOT_IMPLEMENTED", detail: detail, canonicalStatus: "NOT_IMPLEMENTED")
    }

    /// What the engine's error means on the wire.
    init(_ error: AuthError) {
        switch error.code {
        case .credentialAlreadyInUse: self.init("FEDERATED_USER_ID_ALREADY_LINKED", error.detail)
        case .operationNotAllowed where error.detail == LocalAuthEngine.duplicateLocalID:
            self.init("DUPLICATE_LOCAL_ID")
        case .notImplemented: self = .notImplemented(error.detail)
        case .storageFailure, .internalError, .networkRequestFailed:
            self.init(status: 500, code: "INTERNAL_ERROR", detail: error.detail, canonicalStatus: "INTERNAL")
        default: self.init(error.code.rawValue, error.detail)
        }
    }

    /// The text of `error.message`.
    var message: String {
        guard let detail else { return code }
        return isSentence ? detail : "\(code) : \(detail)"
    }

    /// The Firebase-shaped response.
    var response: HTTPResponse {
        var error: [String: Any] = [
            "code": status,
            "message": message,
            "errors": [["message": message, "domain": "global", "reason": reason]],
        ]
        if let canonicalStatus { error["status"] = canonicalStatus }
        return .json(["error": error], status: status)
    }

    /// The `reason` of the single `errors` entry.
    private var reason: String {
        switch status {
        case 404: "notFound"
        case 403: "forbidden"
        case 405: "methodNotAllowed"
        case 413: "requestTooLarge"
        case 500: "backendError"
        case 501: "notImplemented"
        default: "invalid"
        }
    }
}
