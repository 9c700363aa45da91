import Testing
@testable import AuthCore

@Suite struct AuthErrorTests {
    @Test(arguments: [
        ("WEAK_PASSWORD : Password should be at least 6 characters", AuthErrorCode.weakPassword),
        ("INVALID_IDP_RESPONSE ((Missing assertion))", .invalidIdpResponse),
        ("INVALID_PENDING_TOKEN : unknown to this client", .internalError),
        ("EMAIL_EXISTS", .emailExists),
        ("TOO_MANY_ATTEMPTS_TRY_LATER : Access disabled", .tooManyAttemptsTryLater),
        ("garbage", .internalError),
    ])
    func parsesTheLeadingCodeOfARestMessage(message: String, code: AuthErrorCode) {
        #expect(AuthError(restMessage: message).code == code)
    }

    @Test func extractsTheOobCodeFromLinksAndBareCodes() {
        #expect(OobCode.extract(from: "  ABC123\n") == "ABC123")
        #expect(OobCode.extract(from: "https://x.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=XYZ&apiKey=k") == "XYZ")
        let wrapped = "https://app.example/finish?link=https%3A%2F%2Fx%2F__%2Fauth%2Faction%3Fmode%3DsignIn%26oobCode%3DQQ"
        #expect(OobCode.extract(from: wrapped) == "QQ")
    }

    @Test func credentialDescriptionNeverShowsTheSecret() {
        let credential = AuthCredential.emailPassword(email: "a@b.co", password: "hunter22")
        #expect(!"\(credential)".contains("hunter22"))
    }
}

/// Firebase names the rules of a project's password policy that a password failed; the app lists them.
@Suite struct PasswordRequirementTests {
    @Test func readsEveryRequirementFirebaseNames() {
        let detail = "accounts:signUp: PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
            + "[Password must contain at least 12 characters, Password may contain at most 30 characters, "
            + "Password must contain a lower case character, Password must contain an upper case character, "
            + "Password must contain a numeric character, Password must contain a non-alphanumeric character]"
        let error = AuthError(.passwordDoesNotMeetRequirements, detail: detail)
        #expect(error.unmetPasswordRequirements == [.minimumLength(12), .maximumLength(30), .lowercaseLetter,
                                                    .uppercaseLetter, .digit, .nonAlphanumericCharacter])
    }

    @Test func leavesOutWhatItCannotRead() {
        let detail = "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
            + "[Password must rhyme, Password must contain an upper case character]"
        #expect(AuthError(.passwordDoesNotMeetRequirements, detail: detail).unmetPasswordRequirements == [.uppercaseLetter])
        #expect(AuthError(.passwordDoesNotMeetRequirements, detail: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS")
            .unmetPasswordRequirements.isEmpty)
        #expect(AuthError(.weakPassword, detail: detail).unmetPasswordRequirements.isEmpty)
    }
}
