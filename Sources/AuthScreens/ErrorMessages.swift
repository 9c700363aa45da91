import AuthCore
import AuthFlow
import Localization

/// Which localized message explains an error code (never the server's raw text).
enum ErrorMessages {
    static func key(for code: AuthErrorCode, during operation: OperationKind) -> StringKey {
        switch code {
        case .invalidCode where operation == .verifyingSecondFactor || operation == .enrollingSecondFactor:
            .mfaCodeWrongOrUsed
        case .tooManyAttemptsTryLater where operation == .verifyingSecondFactor: .mfaTooManyAttempts
        case .sessionExpired where operation == .enrollingSecondFactor,
             .invalidSessionInfo where operation == .enrollingSecondFactor:
            .mfaEnrollmentExpired
        case .emailExists: .emailAlreadyInUse
        case .credentialAlreadyInUse, .federatedUserIdAlreadyLinked, .phoneNumberExists: .credentialAlreadyInUse
        case .lastSignInMethod: .lastSignInMethod
        case .noSuchProvider: .noSuchProvider
        case .accountExistsWithDifferentCredential: .accountExistsWithDifferentCredential
        case .invalidEmail where operation == .signingInWithEmailLink: .emailLinkWrongEmail
        case .invalidEmail, .missingEmail: .invalidEmail
        case .weakPassword: .weakPassword
        case .passwordDoesNotMeetRequirements: .passwordRequirementsError
        case .missingPassword: .missingPassword
        case .invalidPassword, .invalidLoginCredentials: .wrongPassword
        case .userMismatch: .userMismatch
        case .appNotAuthorized: .appNotAuthorized
        case .emailNotFound: .userNotFound
        case .userDisabled: .userDisabled
        case .tooManyAttemptsTryLater, .quotaExceeded: tooManyAttempts(during: operation)
        case .operationNotAllowed: .operationNotAllowed
        case .invalidOobCode, .missingOobCode: .invalidOobCode
        case .invalidCode, .missingCode: .invalidVerificationCode
        case .sessionExpired, .invalidSessionInfo: .verificationCodeExpired
        case .invalidPhoneNumber: .invalidPhoneNumber
        case .expiredOobCode: .expiredOobCode
        case .userNotFound, .tokenExpired, .invalidIdToken: .sessionExpired
        // Refused while signed in: "your session has expired" would be untrue (issue 31 item 8).
        case .credentialTooOldLoginAgain: .recentSignInNeeded
        case .networkRequestFailed: .networkError
        case .missingRecaptchaToken: .missingRecaptchaToken
        case .captchaCheckFailed: .captchaCheckFailed
        case .storageFailure: .storageError
        case .invalidIdpResponse: .invalidIdpResponse
        case .invalidRequestURI: .invalidRequestURI
        case .webContextCancelled: .webContextCancelled
        case .webSignInTimedOut where operation == .signingInOnAnotherDevice: .deviceSignInExpired
        case .webSignInTimedOut: .webSignInTimedOut
        case .unverifiedEmail: .secondFactorNeedsVerifiedEmail
        case .unsupportedFirstFactor: .secondFactorUnsupportedAccount
        case .secondFactorExists: .secondFactorExists
        case .secondFactorLimitExceeded: .secondFactorLimitExceeded
        case .mfaEnrollmentNotFound: .secondFactorNotFound
        case .invalidMFAPendingCredential: .secondFactorSignInExpired
        case .secondFactorNotAllowed: .secondFactorNotAllowed
        case .notImplemented: .notImplemented
        case .internalError: .internalError
        }
    }

    /// A limit message that says what was limited: sign-ins, new accounts, or messages sent to one recipient.
    private static func tooManyAttempts(during operation: OperationKind) -> StringKey {
        switch operation {
        case .signingUp: .signUpTooManyTimes
        case .sendingVerificationCode: .tooManyCodesSent
        case .sendingPasswordRecoveryEmail, .sendingSignInLink: .tooManyEmailsSent
        default: .signInTooManyTimes
        }
    }
}
