/// Identity Toolkit error codes, spelled as the REST API returns them, plus the client-side failures.
public enum AuthErrorCode: String, Sendable, Hashable, CaseIterable, Codable {
    case emailExists = "EMAIL_EXISTS"
    case emailNotFound = "EMAIL_NOT_FOUND"
    case invalidEmail = "INVALID_EMAIL"
    case missingEmail = "MISSING_EMAIL"
    case missingPassword = "MISSING_PASSWORD"
    case weakPassword = "WEAK_PASSWORD"
    case invalidPassword = "INVALID_PASSWORD"
    case invalidLoginCredentials = "INVALID_LOGIN_CREDENTIALS"
    case userDisabled = "USER_DISABLED"
    case userNotFound = "USER_NOT_FOUND"
    case tooManyAttemptsTryLater = "TOO_MANY_ATTEMPTS_TRY_LATER"
    case operationNotAllowed = "OPERATION_NOT_ALLOWED"
    case invalidOobCode = "INVALID_OOB_CODE"
    case expiredOobCode = "EXPIRED_OOB_CODE"
    case missingOobCode = "MISSING_OOB_CODE"
    case credentialTooOldLoginAgain = "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"
    case tokenExpired = "TOKEN_EXPIRED"
    case invalidIdToken = "INVALID_ID_TOKEN"
    case invalidPhoneNumber = "INVALID_PHONE_NUMBER"
    case invalidCode = "INVALID_CODE"
    case sessionExpired = "SESSION_EXPIRED"
    case credentialAlreadyInUse = "CREDENTIAL_ALREADY_IN_USE"
    case federatedUserIdAlreadyLinked = "FEDERATED_USER_ID_ALREADY_LINKED"
    case quotaExceeded = "QUOTA_EXCEEDED"
    /// The server or store could not be reached.
    case networkRequestFailed = "NETWORK_REQUEST_FAILED"
    /// The local store could not be opened or written.
    case storageFailure = "STORAGE_FAILURE"
    /// The active auth client does not offer this operation yet.
    case notImplemented = "NOT_IMPLEMENTED"
    /// Anything the client could not classify.
    case internalError = "INTERNAL_ERROR"
}

/// A failed auth operation: a Firebase code and an optional, never user-facing, detail.
public struct AuthError: Error, Sendable, Hashable {
    public let code: AuthErrorCode
    /// Diagnostic detail for logs; the UI shows the localized message for `code` instead.
    public let detail: String?

    public init(_ code: AuthErrorCode, detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    /// Parses a REST error message such as `"WEAK_PASSWORD : Password should be…"` defensively.
    public init(restMessage: String) {
        let token = restMessage.prefix { $0.isUppercase || $0 == "_" }
        self.init(AuthErrorCode(rawValue: String(token)) ?? .internalError, detail: restMessage)
    }
}
