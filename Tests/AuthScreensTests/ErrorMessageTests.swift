import AuthCore
import AuthFlow
import Localization
import Testing
@testable import AuthScreens

@Suite struct ErrorMessageTests {
    private func message(_ code: AuthErrorCode, during operation: OperationKind) -> String {
        AlertContent(.error(code, during: operation), strings: .builtIn(language: "en"), providers: []).message
    }

    /// Regression (issue 13 item 7): a send limit on text messages was reported as too many sign-in attempts.
    @Test func aLimitMessageSaysWhatWasLimited() {
        #expect(message(.tooManyAttemptsTryLater, during: .sendingVerificationCode).hasPrefix("Too many codes were sent to this number."))
        #expect(message(.quotaExceeded, during: .sendingVerificationCode).hasPrefix("Too many codes were sent to this number."))
        #expect(message(.tooManyAttemptsTryLater, during: .sendingSignInLink).hasPrefix("Too many emails were sent to this address."))
        #expect(message(.tooManyAttemptsTryLater, during: .sendingPasswordRecoveryEmail).hasPrefix("Too many emails"))
        #expect(message(.tooManyAttemptsTryLater, during: .signingIn).hasPrefix("Too many sign-in attempts."))
        #expect(message(.tooManyAttemptsTryLater, during: .signingUp).hasPrefix("Too many new accounts"))
    }
}
