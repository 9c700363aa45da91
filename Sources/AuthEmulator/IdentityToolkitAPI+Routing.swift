import Foundation
import HTTPServer

extension IdentityToolkitAPI {
    /// The prefix of every Identity Toolkit v1 account operation.
    static let accountsPrefix = "/identitytoolkit.googleapis.com/v1/accounts:"
    /// The prefix of the Identity Toolkit v2 multi-factor operations.
    static let multiFactorPrefix = "/identitytoolkit.googleapis.com/v2/accounts/"
    /// The securetoken path.
    static let tokenPath = "/securetoken.googleapis.com/v1/token"
    /// The prefix of the emulator's own endpoints.
    static let emulatorPrefix = "/emulator/v1/projects/"

    /// Dispatches a request by path and method.
    func route(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard request.body.count <= Self.maximumBodySize else {
            throw APIError(status: 413, code: "PAYLOAD_TOO_LARGE",
                           detail: "Request bodies are limited to \(Self.maximumBodySize) bytes",
                           canonicalStatus: "RESOURCE_EXHAUSTED")
        }
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        if path == "/" {
            try Self.requireMethod(request, "GET")
            return .json(["authEmulator": ["ready": true, "projectId": projectID]])
        }
        if path.hasPrefix(Self.accountsPrefix) {
            let operation = String(path.dropFirst(Self.accountsPrefix.count))
            guard let handler = accountOperations[operation] else { throw Self.notFound(path) }
            try Self.requireMethod(request, "POST")
            let call = try Call(request: request, api: self)
            return .json(try handler(self)(call))
        }
        if path.hasPrefix(Self.multiFactorPrefix) {
            let operation = String(path.dropFirst(Self.multiFactorPrefix.count))
            guard let handler = multiFactorOperations[operation] else { throw Self.notFound(path) }
            try Self.requireMethod(request, "POST")
            let call = try Call(request: request, api: self)
            return .json(try handler(self)(call))
        }
        if path == Self.tokenPath {
            try Self.requireMethod(request, "POST")
            try requireAPIKey(request, isAdmin: false)
            return .json(try refreshToken(request))
        }
        if path.hasPrefix(Self.emulatorPrefix) {
            return try emulatorEndpoint(request, path: String(path.dropFirst(Self.emulatorPrefix.count)))
        }
        throw Self.notFound(path)
    }

    /// The account operations by name (the part after `accounts:`).
    private var accountOperations: [String: (IdentityToolkitAPI) -> (Call) throws(APIError) -> [String: Any]] {
        [
            "signUp": { $0.signUp }, "signInWithPassword": { $0.signInWithPassword },
            "sendOobCode": { $0.sendOobCode }, "resetPassword": { $0.resetPassword },
            "signInWithEmailLink": { $0.signInWithEmailLink },
            "sendVerificationCode": { $0.sendVerificationCode },
            "signInWithPhoneNumber": { $0.signInWithPhoneNumber }, "signInWithIdp": { $0.signInWithIdp },
            "createAuthUri": { $0.createAuthUri }, "lookup": { $0.lookup }, "update": { $0.update },
            "delete": { $0.delete },
        ]
    }

    /// The v2 multi-factor operations by name (the part after `v2/accounts/`).
    private var multiFactorOperations: [String: (IdentityToolkitAPI) -> (Call) throws(APIError) -> [String: Any]] {
        [
            "mfaEnrollment:start": { $0.startMFAEnrollment }, "mfaEnrollment:finalize": { $0.finalizeMFAEnrollment },
            "mfaEnrollment:withdraw": { $0.withdrawMFA },
            "mfaSignIn:start": { $0.startMFASignIn }, "mfaSignIn:finalize": { $0.finalizeMFASignIn },
        ]
    }

    /// 405 unless the request uses `method`.
    static func requireMethod(_ request: HTTPRequest, _ method: String) throws(APIError) {
        guard request.method.uppercased() == method else {
            throw APIError(status: 405, code: "METHOD_NOT_ALLOWED",
                           detail: "\(request.method) is not allowed here; use \(method)",
                           canonicalStatus: "METHOD_NOT_ALLOWED")
        }
    }

    /// 404 for a path nothing is served at.
    static func notFound(_ path: String) -> APIError {
        APIError(status: 404, code: "NOT_FOUND", detail: "nothing is served at \(path)", canonicalStatus: "NOT_FOUND")
    }

    /// Production's answers when the API key is missing (403) or empty (400); admin calls need none.
    func requireAPIKey(_ request: HTTPRequest, isAdmin: Bool) throws(APIError) {
        guard !isAdmin else { return }
        guard let key = request.query["key"] ?? request.header("x-goog-api-key") else {
            throw APIError(status: 403, code: "PERMISSION_DENIED",
                           detail: "The request is missing a valid API key.", canonicalStatus: "PERMISSION_DENIED")
        }
        guard !key.isEmpty else {
            throw APIError(status: 400, code: "API_KEY_INVALID",
                           detail: "API key not valid. Please pass a valid API key.",
                           canonicalStatus: "INVALID_ARGUMENT")
        }
    }
}
