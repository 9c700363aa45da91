/// FirebaseUI's own string keys, read as overrides of ours: UIKit FirebaseUI's `FirebaseAuthUI.strings` and
/// FirebaseSwiftUI's String Catalog (and the `Localizable.strings` an app writes for it).
///
/// FirebaseUI names many texts by identifier (`SignInWithEmail`) or by wording of its own (`Check Your Email`).
/// Those that mean what one of our keys means are renamed to it (the README lists them); every other key is kept as
/// written, so keys both share (`Email`, `Cancel`, `TermsOfServiceMessage`, …) apply directly. Where a file has
/// our key itself, our key wins; where it has several identifiers for one of our keys, the first listed wins.
enum FirebaseUIStringKeys {
    /// Which FirebaseUI wrote the file: the two disagree on `ForgotPassword`.
    enum Source {
        /// UIKit FirebaseUI's `FirebaseAuthUI.strings`, where `ForgotPassword` is the "Forgot password?" link.
        case uikit
        /// FirebaseSwiftUI's catalog, where `ForgotPassword` is the "Send password recovery email" button.
        case swiftUI
    }

    /// The table name UIKit FirebaseUI's auth screens read.
    static let uikitTableFileName = "FirebaseAuthUI.strings"

    /// FirebaseUI key → our key, for `source`, in priority order.
    static func renames(for source: Source) -> [(identifier: String, key: StringKey)] {
        switch source {
        case .uikit: shared + [("ForgotPassword", .troubleSigningIn)]
        case .swiftUI: shared + [("ForgotPassword", .sendPasswordRecoveryEmail)]
        }
    }

    /// The keys both FirebaseUI files use in the same sense.
    private static let shared: [(identifier: String, key: StringKey)] = [
        ("EnterYourEmail", .enterYourEmail), ("PlaceholderEnterEmail", .enterYourEmail),
        ("EnterYourPassword", .enterYourPassword), ("PlaceholderEnterPassword", .enterYourPassword),
        ("ForgotPasswordTitle", .troubleSigningIn),
        ("PasswordRecoveryTitle", .recoverPassword),
        ("PasswordRecoveryEmailSentTitle", .checkYourEmail), ("Check Your Email", .checkYourEmail),
        ("SignUpTitle", .createAccount),
        ("SignInTitle", .login),
        ("SignInWithEmail", .signInWithEmail),
        ("SignedIn", .signedIn),
        ("TermsOfService", .termsOfService),
        ("PrivacyPolicy", .privacyPolicy),
        ("InvalidEmailError", .invalidEmail),
        ("UserNotFoundError", .userNotFound),
        ("AccountDisabledError", .userDisabled),
        ("WrongPasswordError", .wrongPassword),
        ("EmailAlreadyInUseError", .emailAlreadyInUse),
        ("WeakPasswordError", .weakPassword),
        ("InvalidPasswordError", .missingPassword),
        ("CannotAuthenticateError", .operationNotAllowed),
        ("SendEmailSignInLinkButtonLabel", .sendEmailSignInLink),
        ("SignInEmailSent", .signInEmailSent),
        ("AS_SignOut", .signOut),
        ("AS_DeleteAccount", .deleteAccount), ("DeleteAccountControllerTitle", .deleteAccount),
        ("DeleteAccountConfirmationTitle", .deleteAccountTitle),
        ("VerifyItsYou", .authenticationRequired),
        ("AS_Name", .name),
        ("AS_Email", .email),
        ("Save", .save),
        ("Back", .hintBack),
        ("Next", .hintNext),
        ("UnlinkAction", .unlink),
        ("ConfirmPasswordInputLabel", .confirmPassword),
        ("Enter Your Phone Number", .enterPhoneNumber),
        ("Send Verification Code", .sendCode),
        ("Authenticator App", .mfaHintAuthenticatorApp),
        ("MFA is not enabled in the current configuration. Please contact your administrator.", .mfaNotAvailable),
        ("Password Updated", .passwordUpdatedTitle),
        ("Your password has been successfully updated.", .passwordUpdatedMessage),
    ]

    /// `entries` of a file from `source` with FirebaseUI's keys renamed to ours.
    static func mapped<Value>(_ entries: [String: Value], from source: Source) -> [String: Value] {
        let renames = renames(for: source)
        let renamed = Set(renames.map(\.identifier))
        var result = entries.filter { !renamed.contains($0.key) }
        for (identifier, key) in renames {
            guard let value = entries[identifier], result[key.rawValue] == nil else { continue }
            result[key.rawValue] = value
        }
        return result
    }
}
