import AuthCore
import AuthFlow
import Localization

/// Which localized message explains an error code (never the server's raw text).
enum ErrorMessages {
    static func key(for code: AuthErrorCode, during operation: OperationKind) -> StringKey {
        switch code {
        case .emailExists: .emailAlreadyInUse
        case .credentialAlreadyInUse, .federatedUserIdAlreadyLinked, .phoneNumberExists: .credentialAlreadyInUse
        case .accountExistsWithDifferentCredential: .accountExistsWithDifferentCredential
        case .invalidEmail where operation == .signingInWithEmailLink: .emailLinkWrongEmail
        case .invalidEmail, .missingEmail: .invalidEmail
        case .weakPassword: .weakPassword
        case .passwordDoesNotMeetRequirements: .passwordTooLong
        case .missingPassword: .missingPassword
        case .invalidPassword, .invalidLoginCredentials: .wrongPassword
        case .emailNotFound: .userNotFound
        case .userDisabled: .userDisabled
        case .tooManyAttemptsTryLater, .quotaExceeded: operation == .signingUp ? .signUpTooManyTimes : .signInTooManyTimes
        case .operationNotAllowed: .operationNotAllowed
        case .invalidOobCode, .missingOobCode: .invalidOobCode
        case .invalidCode, .missingCode: .invalidVerificationCode
        case .sessionExpired, .invalidSessionInfo: .verificationCodeExpired
        case .invalidPhoneNumber: .invalidPhoneNumber
        case .expiredOobCode: .expiredOobCode
        case .userNotFound, .tokenExpired, .invalidIdToken, .credentialTooOldLoginAgain: .sessionExpired
        case .networkRequestFailed: .networkError
        case .storageFailure: .storageError
        case .invalidIdpResponse: .invalidIdpResponse
        case .webContextCancelled: .webContextCancelled
        case .webSignInTimedOut: .webSignInTimedOut
        case .notImplemented: .notImplemented
        case .internalError: .internalError
        }
    }
}
