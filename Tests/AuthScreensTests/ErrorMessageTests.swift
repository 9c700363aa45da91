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

    /// Issue 29: proving someone else in a reauthentication is not "email and password don't match".
    @Test func aUserMismatchHasItsOwnMessage() {
        let mismatch = message(.userMismatch, during: .reauthenticating)
        #expect(mismatch == "That isn't the account signed in here. Sign in again with the same account.")
        #expect(mismatch != message(.invalidLoginCredentials, during: .reauthenticating))
        let german = AlertContent(.error(.userMismatch, during: .reauthenticating), strings: .builtIn(language: "de"),
                                  providers: []).message
        #expect(german == "Das ist nicht das hier angemeldete Konto. Melden Sie sich erneut mit demselben Konto an.")
    }

    /// Issue 29: a project's password policy names what the password lacks, and the alert lists it.
    @Test func aRefusedPasswordListsTheRequirementsItLacks() {
        let refusal = AuthError(.passwordDoesNotMeetRequirements, detail: "accounts:signUp: PASSWORD_DOES_NOT_MEET_"
                                + "REQUIREMENTS : Missing password requirements: [Password must contain at least 10 "
                                + "characters, Password must contain an upper case character, Password must contain a "
                                + "non-alphanumeric character]")
        let alert = AlertState.passwordRequirementsNotMet(refusal.unmetPasswordRequirements)
        let content = AlertContent(alert, strings: .builtIn(language: "en"), providers: [])
        #expect(content.message == """
            This password doesn't meet the password requirements.
            • Minimum length: 10
            • An uppercase letter
            • A character that is neither a letter nor a digit
            """)
        let french = AlertContent(alert, strings: .builtIn(language: "fr"), providers: []).message
        #expect(french.hasSuffix("• Longueur minimale\u{00A0}: 10\n• Une lettre majuscule\n• Un caractère qui n'est ni une lettre ni un chiffre"))
    }

    /// A phone number refused as a first factor says why and what to do; enrolment keeps its own words.
    @Test func aPhoneRefusedAsAFirstFactorIsNotAskedForAnEmailAddress() {
        let refused = AlertContent(.phoneNumberProtectedBySecondFactor, strings: .builtIn(language: "en"), providers: [])
        #expect(refused.message.hasPrefix("This phone number belongs to an account protected by text-message "
                                          + "two-factor authentication"))
        #expect(refused.message.contains("Sign in another way, such as with email"))
        #expect(message(.unsupportedFirstFactor, during: .sendingEnrollmentCode)
            == "This account can't use two-factor authentication. Add an email address to it first.")
        let japanese = AlertContent(.phoneNumberProtectedBySecondFactor, strings: .builtIn(language: "ja"),
                                    providers: []).message
        #expect(japanese.hasPrefix("この電話番号は SMS による 2 段階認証で保護されたアカウントのもの"))
    }

    /// Issue 33: a feature whose library cannot be loaded names it and its package, not "Couldn't reach the server".
    @Test func aMissingLibraryIsNamedWithItsPackage() {
        let library = OnDemandLibrary(soname: "libmicrohttpd.so.12", package: "libmicrohttpd12")
        let message = AlertContent(.libraryMissing(library), strings: .builtIn(language: "en"), providers: []).message
        #expect(message.contains("libmicrohttpd.so.12 cannot be loaded"), "\(message)")
        #expect(message.contains("sudo apt-get install libmicrohttpd12"), "\(message)")
    }

    /// Issue 31 item 9: a pasted browser address from another host or port is INVALID_REQUEST_URI, which says what
    /// to paste (not that the answer expired or was used).
    @Test func anAddressFromElsewhereSaysWhatToPaste() throws {
        let code = try #require(AuthErrorCode(rawValue: "INVALID_REQUEST_URI"))
        #expect(message(code, during: .signingIn).hasPrefix("That address is not where this sign-in returns."))
        #expect(message(code, during: .signingIn) != message(.invalidIdpResponse, during: .signingIn))
    }

    /// Issue 31 item 8: "Your session has expired" showed while the person was signed in: a second refusal for an
    /// old sign-in, or a second factor's sign-in (or reauthentication) left too long.
    @Test func aSignedInPersonIsNeverToldTheSessionExpired() {
        let expired = message(.tokenExpired, during: .loadingSession)
        #expect(expired.hasPrefix("Your session has expired"))
        for kind in [OperationKind.deletingAccount, .updatingPassword, .linkingCredential, .reauthenticating] {
            #expect(message(.credentialTooOldLoginAgain, during: kind).hasPrefix("For your security, this needs a recent sign-in."))
        }
        #expect(message(.invalidMFAPendingCredential, during: .verifyingSecondFactor) == "This sign-in took too long. Start it again.")
    }

    /// Every code but the generic one has a message of its own kind: nothing else falls back to "Something went wrong".
    @Test func onlyTheGenericCodeShowsTheGenericMessage() {
        let generic = message(.internalError, during: .signingIn)
        for code in AuthErrorCode.allCases where code != .internalError {
            #expect(message(code, during: .signingIn) != generic, "\(code)")
        }
    }
}
