/// Every piece of text the app shows. The raw value is the key in `Localizable.strings`.
///
/// Where FirebaseUI has a string for the same idea, its key is reused, so an app's existing FirebaseUI
/// `Localizable.strings` overrides apply here too. Other keys are identifiers of our own. English text lives in
/// `Localizable/en.lproj/Localizable.strings`; adding a string is one case here plus one line there.
public enum StringKey: String, CaseIterable, Sendable {
    // MARK: Sign-in and sign-up (FirebaseUI keys)
    case signInWithFirebase = "Sign in with Firebase"
    case email = "Email"
    case enterYourEmail = "Enter your email"
    case password = "Password"
    case enterYourPassword = "Enter your password"
    case confirmPassword = "Confirm Password"
    case signInWithEmail = "Sign in with email"
    case createAccount = "Create account"
    case troubleSigningIn = "Trouble signing in?"
    case dontHaveAnAccount = "Don't have an account yet?"
    case signUp = "Sign up"
    case alreadyHaveAnAccount = "Already have an account?"
    case login = "Login"
    case termsOfServiceMessage = "TermsOfServiceMessage"
    case termsOfService = "Terms of Service"
    case privacyPolicy = "Privacy Policy"

    // MARK: Common actions and states (FirebaseUI keys)
    case cancel = "Cancel"
    case ok = "OK"
    case error = "Error"
    case authenticating = "Authenticating..."
    case signedIn = "Signed in!"
    case signOut = "Sign Out"

    // MARK: Password recovery (FirebaseUI keys)
    case recoverPassword = "Recover password"
    case sendPasswordRecoveryLink = "Send a password recovery link to your email"
    case sendPasswordRecoveryEmail = "Send password recovery email"
    case checkYourEmail = "Check your email"
    case passwordRecoveryMessage = "PasswordRecoveryMessage"
    case passwordRecoveryEmailSentMessage = "PasswordRecoveryEmailSentMessage"
    case typeNewPassword = "Type new password"
    case retypeNewPassword = "Retype new password"

    // MARK: Password reset with a code (our keys)
    case resetCodeLabel = "ResetCodeLabel"
    case resetCodePrompt = "ResetCodePrompt"
    case haveResetCode = "HaveResetCodeLink"
    case resetPasswordButton = "ResetPasswordButton"
    case passwordResetTitle = "PasswordResetCompleteTitle"
    case passwordResetMessage = "PasswordResetCompleteMessage"

    // MARK: Field validation (our keys)
    case emailValidation = "EmailValidationMessage"
    case passwordLengthValidation = "PasswordLengthValidationMessage"
    case passwordsMatchValidation = "PasswordsMatchValidationMessage"

    // MARK: Auth errors (FirebaseUI keys)
    case emailAlreadyInUse = "The email address is already in use by another account."
    case invalidEmail = "That email address isn't correct."
    case weakPassword = "Password must be at least 6 characters long."
    case signInTooManyTimes = "SignInTooManyTimesError"
    case signUpTooManyTimes = "SignUpTooManyTimesError"
    case wrongPassword = "The email and password you entered don't match."
    case userNotFound = "That email address doesn't match an existing account."
    case userDisabled = "That email address is for an account that has been disabled."

    // MARK: Auth errors (our keys)
    case invalidOobCode = "InvalidOobCodeError"
    case expiredOobCode = "ExpiredOobCodeError"
    case missingPassword = "MissingPasswordError"
    case operationNotAllowed = "OperationNotAllowedError"
    case networkError = "NetworkError"
    case storageError = "StorageError"
    case notImplemented = "NotImplementedError"
    case internalError = "InternalError"
    case sessionExpired = "SessionExpiredError"
    case accountExistsWithDifferentCredential = "AccountExistsWithDifferentCredentialError"
    case credentialAlreadyInUse = "CredentialAlreadyInUseError"
    case invalidVerificationCode = "InvalidVerificationCodeError"
    case verificationCodeExpired = "VerificationCodeExpiredError"
    case invalidPhoneNumber = "InvalidPhoneNumberError"

    // MARK: Other sign-in methods (FirebaseUI keys)
    case signInWithEmailLink = "Sign in with email link"
    case sendSignInLinkToEmail = "Send a sign-in link to your email"
    case sendEmailSignInLink = "Send email sign-in link"
    case signInEmailSent = "Sign-in email Sent"
    case signInWithPhone = "Sign in with Phone"
    case signInWithGoogle = "Sign in with Google"
    case signInWithApple = "Sign in with Apple"
    case signInWithFacebook = "Sign in with Facebook"
    case signInWithX = "Sign in with X"
    case signInWithProvider = "SignInWithProvider"
    case name = "Name"
    case continueButton = "Continue"
    case phone = "Phone"
    case useAPreviousSignInMethod = "Use a previous sign-in method"
    case previouslySignedInWith = "You previously signed in with one of these methods for %@."
    case somePreviousMethodsUnavailable = "Some previous sign-in methods are not enabled in this app."
    case continueWithEmailAndPassword = "Continue with email and password"
    case continueWithEmailLink = "Continue with email link"

    // MARK: Other sign-in methods (our keys)
    case signInWithGitHub = "SignInWithGitHub"
    case signInWithMicrosoft = "SignInWithMicrosoft"
    case signInWithYahoo = "SignInWithYahoo"
    case continueAsGuest = "ContinueAsGuest"
    case guestNotice = "GuestNotice"
    case userID = "UserIDLabel"
    case emailLinkSentMessage = "EmailLinkSentMessage"
    case emailLinkLabel = "EmailLinkLabel"
    case emailLinkPrompt = "EmailLinkPrompt"
    case emailLinkSignInButton = "EmailLinkSignInButton"
    case emailLinkWrongEmail = "EmailLinkWrongEmailError"
    case simulatedProviderTitle = "SimulatedProviderTitle"
    case simulatedProviderNotice = "SimulatedProviderNotice"
    case simulatedProviderEmailVerified = "SimulatedProviderEmailVerified"
    case credentialLinkedTitle = "CredentialLinkedTitle"
    case credentialLinkedMessage = "CredentialLinkedMessage"

    // MARK: Local backend inbox (our keys)
    case inboxTitle = "InboxTitle"
    case inboxEmpty = "InboxEmpty"
    case inboxPasswordReset = "InboxPasswordResetSubject"
    case inboxSignInLink = "InboxSignInLinkSubject"
    case inboxVerifyEmail = "InboxVerifyEmailSubject"
    case inboxSMS = "InboxSMSSubject"
    case inboxTo = "InboxTo"
    case inboxCode = "InboxCode"
    case inboxUseHint = "InboxUseHint"

    // MARK: Key hints in the footer (our keys)
    case hintNext = "KeyHintNext"
    case hintActivate = "KeyHintActivate"
    case hintBack = "KeyHintBack"
    case hintQuit = "KeyHintQuit"
    case hintInbox = "KeyHintInbox"
    case hintReveal = "KeyHintReveal"
    case hintStop = "KeyHintStop"
    case hintDismiss = "KeyHintDismiss"
    case hintUse = "KeyHintUse"
    case busyHint = "BusyHint"

    // MARK: Terminal and app chrome (our keys)
    case terminalTooSmall = "TerminalTooSmall"
    case terminalTooSmallDetail = "TerminalTooSmallDetail"
    case localBackendBadge = "LocalBackendBadge"
    case signedInAs = "SignedInAs"

    // MARK: Command line (our keys)
    case commandLineHelp = "CommandLineHelp"
    case usageHint = "UsageHint"
    case commandLineError = "CommandLineError"
    case storeOpenError = "StoreOpenError"
    case terminalStartError = "TerminalStartError"
}
