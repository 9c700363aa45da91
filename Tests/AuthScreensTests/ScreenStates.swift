import AuthCore
import AuthFlow
import Foundation

/// Navigator states reached the way a person reaches them, for rendering.
struct ScreenStates {
    var state: NavigatorState

    init(configuration: AuthConfiguration = AuthConfiguration(), providers: [AuthProvider] = [.email],
         signsInWithBrowser: Bool = false) {
        self.init(loading: NavigatorState(configuration: configuration, providers: providers,
                                          signsInWithBrowser: signsInWithBrowser, canOpenBrowser: signsInWithBrowser))
    }

    /// `state` once its session (nobody) is loaded.
    init(loading state: NavigatorState) {
        self.state = state
        send(.started)
        send(.responded(operationID: 1, .success(SessionSnapshot(user: nil))))
    }

    mutating func send(_ event: NavigatorEvent) {
        state = Navigator.update(state, event).0
    }

    mutating func type(_ text: String) {
        send(.edited(.insert(text)))
    }

    mutating func tab(_ count: Int = 1) {
        for _ in 0..<count { send(.focusMovedForward) }
    }

    static var signedOut: ScreenStates { ScreenStates() }

    /// Sign-in refused for an invalid email (Enter, Enter): the rule shows and the email is focused.
    static var invalidEmail: ScreenStates {
        var states = ScreenStates()
        states.type("alice@")
        states.send(.activated)
        states.send(.activated)
        return states
    }

    static var signUpWithMismatch: ScreenStates {
        var states = ScreenStates()
        states.tab(4)
        states.send(.activated)
        states.type("bob@example.com")
        states.tab()
        states.type("abc")
        states.tab()
        states.type("abd")
        return states
    }

    static var signingIn: ScreenStates {
        var states = ScreenStates()
        states.type("alice@example.com")
        states.tab()
        states.type("hunter22")
        states.send(.activated)
        return states
    }

    static var wrongPassword: ScreenStates {
        var states = signingIn
        states.send(.responded(operationID: 2, .failure(AuthError(.invalidLoginCredentials))))
        return states
    }

    /// Esc with a typed email: quitting would lose it, so the picker asks first.
    static var quitWithTypedInput: ScreenStates {
        var states = ScreenStates()
        states.type("alice@example.com")
        states.send(.backRequested)
        return states
    }

    static var recoveryRequest: ScreenStates {
        var states = ScreenStates()
        states.type("alice@example.com")
        states.tab(2)
        states.send(.activated)
        return states
    }

    static var recoveryEmailSent: ScreenStates {
        var states = recoveryRequest
        states.send(.activated)
        states.send(.responded(operationID: 2, .success("alice@example.com")))
        return states
    }

    static var resetForm: ScreenStates {
        var states = recoveryEmailSent
        states.send(.activated)
        states.type("https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=Zq3x9")
        states.tab()
        states.type("new")
        return states
    }

    static var signedIn: ScreenStates {
        var states = ScreenStates()
        states.send(.responded(operationID: 1, .success(SessionSnapshot(user: nil))))
        states.state = NavigatorState(configuration: AuthConfiguration(), providers: [.email])
        states.send(.started)
        let user = User(uid: "u1", email: "alice@example.com", providerIDs: ["password"])
        states.send(.responded(operationID: 1, .success(SessionSnapshot(user: user))))
        return states
    }

    static var inbox: ScreenStates {
        var states = ScreenStates()
        states.send(.inboxToggled)
        let sent = Date(timeIntervalSince1970: 1_800_000_000)
        states.send(.responded(operationID: 2, .success([
            OutboxMessage(id: 1, kind: .passwordReset, recipient: "alice@example.com",
                          link: "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=Zq3x9",
                          code: "Zq3x9", sentAt: sent),
        ])))
        return states
    }

    static var emptyInbox: ScreenStates {
        var states = ScreenStates()
        states.send(.inboxToggled)
        states.send(.responded(operationID: 2, .success([OutboxMessage]())))
        return states
    }

    static var withTerms: ScreenStates {
        ScreenStates(configuration: AuthConfiguration(
            shouldHideCancelButton: true, tosUrl: URL(string: "https://example.com/tos"),
            privacyPolicyUrl: URL(string: "https://example.com/privacy")))
    }
}

/// States of the other sign-in methods.
extension ScreenStates {
    static let allMethods: [AuthProvider] = [.email, .emailLink, .phone, .anonymous,
                                             .identityProvider(IdentityProviderButton.builtIn[0]),
                                             .identityProvider(IdentityProviderButton.builtIn[4]),
                                             .identityProvider(IdentityProviderButton(providerID: "oidc.line",
                                                                                      displayName: "LINE"))]

    init(providers: [AuthProvider], user: User? = nil, configuration: AuthConfiguration = AuthConfiguration(),
         language: String = "en") {
        state = NavigatorState(configuration: configuration, providers: providers, language: language)
        send(.started)
        send(.responded(operationID: 1, .success(SessionSnapshot(user: user))))
    }

    /// Tabs until a control of the account screen is focused.
    mutating func focusAccount(_ control: SignedIn.Control) {
        for _ in 0..<40 {
            if case .signedIn(let account) = state.root, account.focus == control { return }
            send(.focusMovedForward)
        }
    }

    /// Tabs until a control is focused.
    mutating func focus(_ control: AuthPicker.Control) {
        for _ in 0..<40 where state.picker?.focus != control { send(.focusMovedForward) }
    }

    static var providersOnly: ScreenStates { ScreenStates(providers: Array(allMethods.dropFirst())) }

    static var guest: ScreenStates {
        ScreenStates(providers: allMethods, user: User(uid: "guest-7", isAnonymous: true))
    }

    /// A guest's sign-in hit an existing account: the alert asks before the guest's data is given up.
    static var guestConflict: ScreenStates {
        var states = guest
        let credential = AuthCredential.emailPassword(email: "ann@example.com", password: "secret1")
        states.state.presentation.replace(with: [.alert(AlertPresentation(.guestReplacedByExistingAccount, buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.continue, .replaceGuest(AuthCall(AuthCall.ReplaceGuestAndSignIn(credential)))),
        ]))])
        return states
    }

    /// A guest whose sign-ups and new sign-in methods upgrade the guest account.
    static var upgradingGuest: ScreenStates {
        ScreenStates(providers: allMethods, user: User(uid: "guest-7", isAnonymous: true),
                     configuration: AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true))
    }

    /// A guest signs in to an existing account with a password: asked first, as on every path (issue 31 item 4).
    static var guestSignIn: ScreenStates {
        var states = upgradingGuest
        states.type("ann@example.com")
        states.send(.activated)
        states.type("secret1")
        states.send(.activated)
        return states
    }

    static var identityProviderSheet: ScreenStates {
        var states = ScreenStates(providers: allMethods)
        states.focus(.providerButton(allMethods[4]))
        states.send(.activated)
        states.type("ann@example.com")
        return states
    }

    static var emailLinkRequest: ScreenStates {
        var states = ScreenStates(providers: allMethods)
        states.focus(.providerButton(.emailLink))
        states.send(.activated)
        states.type("ann@example.com")
        return states
    }

    static var emailLinkEnter: ScreenStates {
        var states = emailLinkRequest
        states.send(.activated)
        states.send(.responded(operationID: 2, .success("ann@example.com")))
        states.send(.activated)
        return states
    }

    static var phoneEntry: ScreenStates { phoneEntry(language: "en") }

    /// The phone number screen with country names in `language`.
    static func phoneEntry(language: String) -> ScreenStates {
        var states = ScreenStates(providers: allMethods, language: language)
        states.focus(.providerButton(.phone))
        states.send(.activated)
        states.type("650 555")
        return states
    }

    static var countryPicker: ScreenStates {
        var states = phoneEntry
        states.send(.focusMovedBackward)
        states.send(.activated)
        states.type("ja")
        return states
    }

    /// The country list opened without a search: the current country (the United States) is far down the list.
    static var countryPickerUnfiltered: ScreenStates {
        var states = phoneEntry
        states.send(.focusMovedBackward)
        states.send(.activated)
        return states
    }

    static var verificationCode: ScreenStates { verificationCode(language: "en") }

    /// The code screen after a number was sent, in `language`.
    static func verificationCode(language: String) -> ScreenStates {
        var states = phoneEntry(language: language)
        states.type(" 1234")
        states.send(.activated)
        let sent = Date(timeIntervalSince1970: 1_000)
        states.send(.responded(operationID: 2, .success(PhoneCodeSent(verificationID: "v", phoneNumber: "+16505551234", sentAt: sent))))
        states.send(.clockTicked(sent.addingTimeInterval(4)))
        states.type("1234")
        return states
    }

    /// "Send code" refused: the number's account has a text-message second factor (UNSUPPORTED_FIRST_FACTOR).
    static var phoneFirstFactorRefused: ScreenStates {
        var states = phoneEntry
        states.type(" 1234")
        states.send(.activated)
        states.send(.responded(operationID: 2, .failure(AuthError(.unsupportedFirstFactor))))
        return states
    }

    static var legacyRecovery: ScreenStates {
        var states = ScreenStates(providers: allMethods, configuration: AuthConfiguration(legacyFetchSignInWithEmail: true))
        states.type("ann@example.com")
        states.tab()
        states.type("wrong-password")
        states.send(.activated)
        states.send(.responded(operationID: 2, .failure(AuthError(.invalidLoginCredentials))))
        states.send(.responded(operationID: 3, .success(["google.com", "emailLink", "facebook.com"])))
        return states
    }

    static var accountsLinked: ScreenStates {
        var states = ScreenStates.signedIn
        states.state.presentation.replace(with: [.alert(AlertPresentation(.credentialLinked(providerID: "google.com")))])
        return states
    }

    /// Alice signed in and the provisioning command is running.
    static var provisioning: ScreenStates {
        var states = ScreenStates(configuration: AuthConfiguration(provisioning: "./setup"))
        states.type("alice@example.com")
        states.tab()
        states.type("hunter22")
        states.send(.activated)
        states.send(.responded(operationID: 2, .success(SignInOutcome.signedIn(User(uid: "u1", email: "alice@example.com")))))
        return states
    }

    static var provisioningFailed: ScreenStates {
        var states = provisioning
        states.send(.responded(operationID: 3, .success(ProvisioningOutcome.failed(.exited(status: 1, message: "quota server unreachable")))))
        return states
    }

    static var mfaResolution: ScreenStates {
        var states = signingIn
        let required = MFARequired(pendingCredential: "p", hints: [
            .totp(displayName: "work phone", uid: "f1"),
            .phone(displayName: nil, uid: "f2", phoneNumber: "+*******1234"),
        ])
        states.send(.responded(operationID: 2, .success(SignInOutcome.mfaRequired(required))))
        states.type("12")
        return states
    }

    /// The text-message factor chosen: what will happen before anything is sent (issue 31 item 3).
    static var mfaResolutionTextMessage: ScreenStates {
        var states = signingIn
        let required = MFARequired(pendingCredential: "p", hints: [
            .totp(displayName: "work phone", uid: "f1"),
            .phone(displayName: nil, uid: "f2", phoneNumber: "+*******0123"),
        ])
        states.send(.responded(operationID: 2, .success(SignInOutcome.mfaRequired(required))))
        states.send(.focusMovedBackward)
        states.send(.activated)
        return states
    }

    /// Google's sign-in in a browser begun, on a terminal that takes text for its clipboard or not.
    private static func googleInABrowser(canCopyToClipboard: Bool = false) -> ScreenStates {
        let google = IdentityProviderButton.builtIn[0]
        var states = ScreenStates(loading: NavigatorState(configuration: AuthConfiguration(),
                                                          providers: [.identityProvider(google)],
                                                          signsInWithBrowser: true, canOpenBrowser: true,
                                                          canCopyToClipboard: canCopyToClipboard))
        states.send(.activated)
        let authURI = "https://accounts.google.com/o/oauth2/auth?response_type=code&client_id=1234567890-abcdef"
            + ".apps.googleusercontent.com&redirect_uri=http%3A%2F%2F127.0.0.1%3A43123%2F&state=AbCdEf123&scope=openid"
        let begun = BrowserSignIn.Start(button: google, authURI: AuthURI(authURI: authURI, sessionID: "s"),
                                        continueURI: "http://127.0.0.1:43123/", expectedState: "AbCdEf123")
        states.send(.responded(operationID: 2, .success(begun)))
        return states
    }

    /// Google in a browser: the long address wraps whole; a foreign address was pasted and refused.
    static var browserSignIn: ScreenStates {
        var states = googleInABrowser()
        states.tab()
        states.type("http://127.0.0.1:43123/?code=c&state=other")
        states.send(.activated)
        return states
    }

    /// Google in a browser on a terminal with a clipboard (OSC 52): "Copy address" was chosen.
    static var browserSignInCopied: ScreenStates {
        var states = googleInABrowser(canCopyToClipboard: true)
        states.tab()
        states.send(.activated)
        return states
    }

    /// A phone number the project refused for want of a reCAPTCHA: the listener's page to open, on a Firebase
    /// backend without a browser on this machine.
    static var recaptcha: ScreenStates {
        var states = ScreenStates(providers: [.phone], signsInWithBrowser: true)
        states.send(.activated)
        states.type("650 555 0100")
        states.send(.activated)
        states.beginRecaptcha()
        return states
    }

    /// Operation 2 refused for want of a reCAPTCHA: the challenge (operation 3) begins and its screen shows.
    mutating func beginRecaptcha() {
        send(.responded(operationID: 2, .failure(AuthError(.missingRecaptchaToken))))
        let begun = RecaptchaVerification.Start(pageURI: "http://127.0.0.1:43123/recaptcha?state=AbCdEf123",
                                                continueURI: "http://127.0.0.1:43123/", expectedState: "AbCdEf123")
        send(.responded(operationID: 3, .success(begun)))
    }

    /// A password sign-in the project refused for want of a reCAPTCHA Enterprise token: the same hand-off, saying a
    /// password is what the project protects.
    static var recaptchaPassword: ScreenStates {
        var states = ScreenStates(signsInWithBrowser: true)
        states.type("alice@example.com")
        states.tab()
        states.type("hunter22")
        states.send(.activated)
        states.beginRecaptcha()
        return states
    }

    /// Google by device code, a minute after the code came: the address, the code, and 13:58 left.
    static var deviceSignIn: ScreenStates {
        var google = IdentityProviderButton.builtIn[0]
        google.deviceSignIn = DeviceSignInSettings(clientID: "1234567890-tv.apps.googleusercontent.com")
        var states = ScreenStates(providers: [.identityProvider(google)], signsInWithBrowser: true)
        states.send(.activated)
        let received = Date(timeIntervalSince1970: 1_796_126_400)
        let begun = DeviceSignIn.Start(button: google, userCode: "WDJB-MJHT",
                                       verificationURI: "https://www.google.com/device",
                                       verificationURIComplete: "https://www.google.com/device?user_code=WDJB-MJHT",
                                       receivedAt: received, expiresAt: received + 900)
        states.send(.responded(operationID: 2, .success(begun)))
        states.send(.clockTicked(received + 62))
        return states
    }

    /// Ann manages her second factors: an authenticator app and a phone.
    static func mfaManagement(_ factors: [MultiFactorInfo] = mfaFactors, isEmailVerified: Bool = true) -> ScreenStates {
        var states = ScreenStates(providers: [.email], user: User(uid: "u1", email: "ann@example.com",
                                                                  isEmailVerified: isEmailVerified),
                                  configuration: AuthConfiguration(mfaEnabled: true, mfaIssuer: "Demo"))
        // Signing in counts the factors (operation 2); Manage lists them (operation 3).
        states.send(.responded(operationID: 2, .success(factors)))
        states.focusAccount(.manageMFAButton)
        states.send(.activated)
        states.send(.responded(operationID: 3, .success(factors)))
        return states
    }

    static let mfaFactors = [
        MultiFactorInfo(uid: "f1", factor: .totp, displayName: "work phone", phoneNumber: nil,
                        enrollmentDate: Date(timeIntervalSince1970: 1_796_126_400)),
        MultiFactorInfo(uid: "f2", factor: .sms, displayName: nil, phoneNumber: "+16505551234",
                        enrollmentDate: Date(timeIntervalSince1970: 1_796_126_400)),
    ]

    /// "Set up two-factor authentication": the kinds to choose from.
    static var mfaEnrollmentChoice: ScreenStates {
        var states = mfaManagement([])
        states.send(.activated)
        return states
    }

    /// The authenticator app's QR code and key for `uri`.
    static func mfaEnrollmentQRCode(uri: String = shortOTPAuthURI) -> ScreenStates {
        var states = mfaEnrollmentChoice
        states.tab()
        states.send(.activated)
        states.send(.activated)
        let secret = TOTPSecret(sessionInfo: "s", sharedSecretKey: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", qrCodeURL: uri)
        states.send(.responded(operationID: 4, .success(TOTPEnrollmentStarted(secret: secret, startedAt: Date(timeIntervalSince1970: 1_000)))))
        return states
    }

    /// Short enough for a code that fits beside the form at 80x24 (version 4, 41 cells square with its quiet zone).
    static let shortOTPAuthURI = "otpauth://totp/Demo:ann?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Demo"

    /// The enrolment text message went out; the code is being typed.
    static var mfaEnrollmentTextMessageCode: ScreenStates {
        var states = mfaEnrollmentChoice
        states.send(.activated)
        states.send(.activated)
        states.type("6505551234")
        states.tab()
        states.type("my phone")
        states.send(.activated)
        let sent = Date(timeIntervalSince1970: 1_000)
        states.send(.responded(operationID: 4, .success(PhoneCodeSent(verificationID: "v", phoneNumber: "+16505551234", sentAt: sent))))
        states.send(.clockTicked(sent.addingTimeInterval(4)))
        states.type("42")
        return states
    }
}

/// States of the account screen and of reauthentication.
extension ScreenStates {
    static let bo = User(uid: "u2", email: "bo@example.com", phoneNumber: "+16505551234",
                         providerIDs: ["password", "phone", "google.com"])

    /// Bo signed in with email, phone and Google linked; GitHub can still be linked.
    static var account: ScreenStates { ScreenStates(providers: allMethods, user: bo) }

    /// Tabs until a control of the account screen is focused.
    mutating func focus(_ control: SignedIn.Control) {
        for _ in 0..<40 {
            guard case .signedIn(let account) = state.root, account.focus != control else { return }
            send(.focusMovedForward)
        }
    }

    /// Second factors are offered: one factor enrolled, and an entry to manage them.
    static var accountWithSecondFactors: ScreenStates {
        var states = ScreenStates(providers: [.email], user: User(uid: "u3", email: "cy@example.com", isEmailVerified: true,
                                                                  providerIDs: ["password"]),
                                  configuration: AuthConfiguration(mfaEnabled: true))
        let factor = MultiFactorInfo(uid: "f1", factor: .totp, displayName: nil, phoneNumber: nil,
                                     enrollmentDate: Date(timeIntervalSince1970: 0))
        states.send(.responded(operationID: 2, .success([factor])))
        return states
    }

    /// The verification email went out; its link can be pasted.
    static var accountVerificationSent: ScreenStates {
        var states = account
        states.send(.activated)
        states.send(.responded(operationID: 2, .success(bo)))
        return states
    }

    static var updatePassword: ScreenStates {
        var states = account
        states.focus(.updatePasswordButton)
        states.send(.activated)
        states.type("abc")
        states.send(.activated)
        states.type("abd")
        return states
    }

    static var updateProfile: ScreenStates {
        var states = account
        states.focus(.updateProfileButton)
        states.send(.activated)
        states.type("Bo")
        states.tab()
        states.type("ftp://example.com/bo.png")
        states.send(.activated)
        return states
    }

    static var confirmDelete: ScreenStates {
        var states = account
        states.focus(.deleteAccountButton)
        states.send(.activated)
        return states
    }

    static var confirmUnlink: ScreenStates {
        var states = account
        states.focus(.unlinkButton(providerID: "google.com"))
        states.send(.activated)
        return states
    }

    /// Deleting was refused for an old sign-in; the provider of the last sign-in is `provider`.
    static func reauthentication(_ provider: String) -> ScreenStates {
        var states = confirmDelete
        states.tab()
        states.send(.activated)
        states.send(.responded(operationID: 2, .failure(AuthError(.credentialTooOldLoginAgain))))
        states.send(.responded(operationID: 3, .success(provider)))
        return states
    }

    static var passwordReauthentication: ScreenStates {
        var states = reauthentication("password")
        // The account's methods for its email: a password (tokens call an emailed link's sign-in `password` too).
        states.send(.responded(operationID: 4, .success(["password"])))
        states.type("hunter2")
        return states
    }

    static var emailLinkReauthentication: ScreenStates {
        var states = reauthentication("emailLink")
        states.send(.activated)
        states.send(.responded(operationID: 4, .success("bo@example.com")))
        return states
    }

    /// Di, with a password only, opened "Link Phone" on the account screen.
    static var linkPhone: ScreenStates {
        var states = ScreenStates(providers: allMethods, user: User(uid: "u4", email: "di@example.com",
                                                                    providerIDs: ["password"]))
        states.focus(.linkButton(.phone))
        states.send(.activated)
        return states
    }

    /// The password was right; the account wants its second factor before the deletion runs again.
    static var secondFactorReauthentication: ScreenStates {
        var states = passwordReauthentication
        states.send(.activated)
        let required = MFARequired(pendingCredential: "p", hints: [.totp(displayName: "work phone", uid: "f1")])
        states.send(.responded(operationID: 5, .success(SignInOutcome.mfaRequired(required))))
        return states
    }

    static var phoneReauthentication: ScreenStates {
        var states = reauthentication("phone")
        states.send(.activated)
        let sent = PhoneCodeSent(verificationID: "v", phoneNumber: "+16505551234", sentAt: Date(timeIntervalSince1970: 0))
        states.send(.responded(operationID: 4, .success(sent)))
        states.send(.clockTicked(Date(timeIntervalSince1970: 5)))
        return states
    }
}
