/// UIKit FirebaseUI's string table, `FirebaseAuthUI.strings`, read as overrides of ours.
///
/// UIKit FirebaseUI names most of its texts by identifier. Those that mean what one of our keys means are
/// renamed to it; every other key is kept as written, so keys both tables share (`Email`, `Cancel`,
/// `TermsOfServiceMessage`, `PasswordRecoveryMessage`, …) apply directly. Where a file has both the UIKit
/// identifier and our key, our key wins.
enum UIKitStringKeys {
    /// The table name UIKit FirebaseUI's auth screens read.
    static let tableFileName = "FirebaseAuthUI.strings"

    /// UIKit identifier → our key (see README, "Strings from UIKit FirebaseUI").
    static let mapping: [String: StringKey] = [
        "EnterYourEmail": .enterYourEmail,
        "EnterYourPassword": .enterYourPassword,
        "ForgotPassword": .troubleSigningIn,
        "PasswordRecoveryTitle": .recoverPassword,
        "PasswordRecoveryEmailSentTitle": .checkYourEmail,
        "SignUpTitle": .createAccount,
        "SignInWithEmail": .signInWithEmail,
        "SignedIn": .signedIn,
        "TermsOfService": .termsOfService,
        "PrivacyPolicy": .privacyPolicy,
        "InvalidEmailError": .invalidEmail,
        "UserNotFoundError": .userNotFound,
        "AccountDisabledError": .userDisabled,
        "WrongPasswordError": .wrongPassword,
        "EmailAlreadyInUseError": .emailAlreadyInUse,
        "WeakPasswordError": .weakPassword,
        "SendEmailSignInLinkButtonLabel": .sendEmailSignInLink,
        "SignInEmailSent": .signInEmailSent,
    ]

    /// `entries` of a `FirebaseAuthUI.strings` file with UIKit identifiers renamed to our keys.
    static func mapped(_ entries: [String: String]) -> [String: String] {
        var result = entries.filter { mapping[$0.key] == nil }
        for (identifier, value) in entries {
            guard let key = mapping[identifier], result[key.rawValue] == nil else { continue }
            result[key.rawValue] = value
        }
        return result
    }
}
