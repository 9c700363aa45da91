import AuthCore
import AuthFlow
import Localization

/// Which localized message explains an error code (never the server's raw text).
enum ErrorMessages {
    static func key(for code: AuthErrorCode, during operation: OperationKind) -> StringKey {
        switch code {
        case .emailExists, .credentialAlreadyInUse: .emailAlreadyInUse
        case .invalidEmail, .missingEmail: .invalidEmail
        case .weakPassword: .weakPassword
        case .missingPassword: .missingPassword
        case .invalidPassword, .invalidLoginCredentials: .wrongPassword
        case .emailNotFound: .userNotFound
        case .userDisabled: .userDisabled
        case .tooManyAttemptsTryLater, .quotaExceeded: operation == .signingUp ? .signUpTooManyTimes : .signInTooManyTimes
        case .operationNotAllowed: .operationNotAllowed
        case .invalidOobCode, .missingOobCode, .invalidCode: .invalidOobCode
        case .expiredOobCode: .expiredOobCode
        case .userNotFound, .tokenExpired, .invalidIdToken, .credentialTooOldLoginAgain, .sessionExpired:
            .sessionExpired
        case .networkRequestFailed: .networkError
        case .storageFailure: .storageError
        case .notImplemented: .notImplemented
        case .invalidPhoneNumber, .federatedUserIdAlreadyLinked, .internalError: .internalError
        }
    }
}
