/// Identity Toolkit error codes, spelled as the REST API returns them, plus the client-side failures.
public enum AuthErrorCode: String, Sendable, Hashable, CaseIterable, Codable {
    case emailExists = "EMAIL_EXISTS"
    case emailNotFound = "EMAIL_NOT_FOUND"
    case invalidEmail = "INVALID_EMAIL"
    case missingEmail = "MISSING_EMAIL"
    case missingPassword = "MISSING_PASSWORD"
    case weakPassword = "WEAK_PASSWORD"
    /// The password breaks the project's password policy (here: longer than Firebase's 4,096 characters).
    case passwordDoesNotMeetRequirements = "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
    case invalidPassword = "INVALID_PASSWORD"
    case invalidLoginCredentials = "INVALID_LOGIN_CREDENTIALS"
    /// Signing in again proved someone other than the signed-in user (a valid credential of another account).
    case userMismatch = "USER_MISMATCH"
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
    /// `signInWithIdp` answered `needConfirmation`: the email belongs to an account with another sign-in method.
    case accountExistsWithDifferentCredential = "ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL"
    case phoneNumberExists = "PHONE_NUMBER_EXISTS"
    case missingCode = "MISSING_CODE"
    case invalidSessionInfo = "INVALID_SESSION_INFO"
    case federatedUserIdAlreadyLinked = "FEDERATED_USER_ID_ALREADY_LINKED"
    /// Unlinking a sign-in method the account does not have (FirebaseAuth's `noSuchProvider`).
    case noSuchProvider = "NO_SUCH_PROVIDER"
    /// Unlinking the only sign-in method left, which would leave the account impossible to sign in to.
    case lastSignInMethod = "LAST_SIGN_IN_METHOD"
    /// A second factor needs a verified email first.
    case unverifiedEmail = "UNVERIFIED_EMAIL"
    /// The account cannot have second factors (anonymous, or no email).
    case unsupportedFirstFactor = "UNSUPPORTED_FIRST_FACTOR"
    /// That phone number is already a second factor of the account.
    case secondFactorExists = "SECOND_FACTOR_EXISTS"
    /// The account already has the most second factors it may have.
    case secondFactorLimitExceeded = "SECOND_FACTOR_LIMIT_EXCEEDED"
    /// No such second factor on the account (withdrawn meanwhile, or not of the kind asked for).
    case mfaEnrollmentNotFound = "MFA_ENROLLMENT_NOT_FOUND"
    /// The sign-in waiting for its second factor is unknown, finished or expired (after 10 minutes).
    case invalidMFAPendingCredential = "INVALID_MFA_PENDING_CREDENTIAL"
    /// The configuration does not allow this kind of second factor (`mfaEnabled`, `allowedSecondFactors`).
    case secondFactorNotAllowed = "SECOND_FACTOR_NOT_ALLOWED"
    case quotaExceeded = "QUOTA_EXCEEDED"
    /// The project asks for a solved reCAPTCHA before it texts a code (MISSING_RECAPTCHA_TOKEN,
    /// MISSING_APP_CREDENTIAL).
    case missingRecaptchaToken = "MISSING_RECAPTCHA_TOKEN"
    /// The reCAPTCHA answer sent was refused: unknown, expired or used (CAPTCHA_CHECK_FAILED, INVALID_RECAPTCHA_TOKEN,
    /// INVALID_APP_CREDENTIAL).
    case captchaCheckFailed = "CAPTCHA_CHECK_FAILED"
    /// `signInWithIdp` could not use the provider's answer (a used, expired or foreign authorization).
    case invalidIdpResponse = "INVALID_IDP_RESPONSE"
    /// A browser sign-in came back cancelled or refused by the provider (FirebaseAuth's `webContextCancelled`).
    case webContextCancelled = "WEB_CONTEXT_CANCELLED"
    /// A browser sign-in did not come back in time.
    case webSignInTimedOut = "WEB_SIGN_IN_TIMED_OUT"
    /// The project refuses this app: its API key, project, authorised domains or settings are not accepted
    /// (FirebaseAuth's `appNotAuthorized`; the server says it with several codes, see `RESTErrorMapping`).
    case appNotAuthorized = "APP_NOT_AUTHORIZED"
    /// The server or store could not be reached.
    case networkRequestFailed = "NETWORK_REQUEST_FAILED"
    /// The local store could not be opened or written.
    case storageFailure = "STORAGE_FAILURE"
    /// The active auth client does not offer this operation yet.
    case notImplemented = "NOT_IMPLEMENTED"
    /// Anything the client could not classify.
    case internalError = "INTERNAL_ERROR"
    /// A browser sign-in's returned address is not on its `continueUri` (another host, port or path).
    case invalidRequestURI = "INVALID_REQUEST_URI"
}

extension AuthErrorCode {
    /// Whether the code says a credential belongs to another account; such errors carry `AccountConflictInfo`.
    public var isConflict: Bool {
        [.emailExists, .credentialAlreadyInUse, .federatedUserIdAlreadyLinked, .phoneNumberExists,
         .accountExistsWithDifferentCredential].contains(self)
    }
}

/// The account a credential collided with, kept so the credential can be linked or used later.
public struct AccountConflictInfo: Sendable, Hashable {
    /// The email both accounts share, when known.
    public var email: String?
    /// The credential that could not be used where it was tried (FirebaseUI's `updatedCredential`).
    public var credential: AuthCredential

    public init(email: String?, credential: AuthCredential) {
        self.email = email
        self.credential = credential
    }
}

/// Why the local store's file cannot be used; nothing is changed in such a file.
public enum StoreProblem: String, Sendable, Hashable, CaseIterable {
    /// The path is a symbolic link: it is not followed, so it cannot redirect writes or modes elsewhere.
    case symbolicLink
    /// The path is a device, FIFO, socket or directory.
    case notRegularFile
    /// The file belongs to another user.
    case notOwned
    /// The file is not an SQLite database.
    case notDatabase
    /// The database is damaged (SQLite's integrity check fails).
    case damaged
}

/// A failed auth operation: a Firebase code and an optional, never user-facing, detail.
public struct AuthError: Error, Sendable, Hashable {
    public let code: AuthErrorCode
    /// Diagnostic detail for logs; the UI shows the localized message for `code` instead.
    public let detail: String?
    /// For `EMAIL_EXISTS`, `CREDENTIAL_ALREADY_IN_USE`, `FEDERATED_USER_ID_ALREADY_LINKED`,
    /// `PHONE_NUMBER_EXISTS` and `ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL`: what collided.
    public let conflict: AccountConflictInfo?
    /// For `STORAGE_FAILURE` of the local store: why its file was refused, when that is known.
    public let storeProblem: StoreProblem?
    /// A server's error code that matches none Firebase documents (shown as INTERNAL_ERROR's message, and logged).
    public let unrecognizedCode: String?
    /// A library the operation needs that cannot be loaded: the message names it and its package.
    public let missingLibrary: OnDemandLibrary?

    public init(_ code: AuthErrorCode, detail: String? = nil, conflict: AccountConflictInfo? = nil) {
        self.code = code
        self.detail = detail
        self.conflict = conflict
        storeProblem = nil
        unrecognizedCode = nil
        missingLibrary = nil
    }

    /// A local store failure whose cause is known.
    public init(_ code: AuthErrorCode, detail: String?, storeProblem: StoreProblem?) {
        self.code = code
        self.detail = detail
        conflict = nil
        self.storeProblem = storeProblem
        unrecognizedCode = nil
        missingLibrary = nil
    }

    /// A server's answer with a code the app does not know.
    public init(_ code: AuthErrorCode, detail: String?, unrecognizedCode: String) {
        self.code = code
        self.detail = detail
        conflict = nil
        storeProblem = nil
        self.unrecognizedCode = unrecognizedCode
        missingLibrary = nil
    }

    /// An operation that needs `library`, which cannot be loaded.
    public init(_ code: AuthErrorCode, detail: String?, missingLibrary: OnDemandLibrary) {
        self.code = code
        self.detail = detail
        conflict = nil
        storeProblem = nil
        unrecognizedCode = nil
        self.missingLibrary = missingLibrary
    }

    /// Parses a REST error message such as `"WEAK_PASSWORD : Password should be…"` defensively.
    public init(restMessage: String) {
        let token = restMessage.prefix { $0.isUppercase || $0 == "_" }
        self.init(AuthErrorCode(rawValue: String(token)) ?? .internalError, detail: restMessage)
    }
}
