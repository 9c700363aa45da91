import Synchronization

/// Project settings the emulator applies; `PATCH /emulator/v1/projects/{id}/config` changes them at run time.
public struct EmulatorSettings: Sendable, Hashable {
    /// Email-enumeration protection (`emailPrivacyConfig.enableImprovedEmailPrivacy`), off by default as in
    /// Firebase's emulator. When on, as for production projects created since September 2023: wrong emails and
    /// wrong passwords both give INVALID_LOGIN_CREDENTIALS, password-reset requests never say whether the email
    /// exists, `createAuthUri` lists no sign-in methods, and a user cannot change the email with an ID token.
    public var emailEnumerationProtection: Bool
    /// Whether identity-provider accounts may share an email (`signIn.allowDuplicateEmails`), off by default as
    /// in Firebase's emulator. When on, `createAuthUri` lists only an email's password and link methods, as
    /// Firebase's emulator does; an account's own email stays unique either way.
    public var allowDuplicateEmails: Bool
    /// Whether texting a code (phone sign-in, SMS enrolment and resolution) needs a `recaptchaToken` from the
    /// stand-in challenge page (`--require-recaptcha`), off by default as in Firebase's emulator.
    public var requireRecaptcha: Bool
    /// reCAPTCHA Enterprise enforcement per provider (`recaptchaConfig` in `PATCH …/config`), every provider off
    /// by default.
    public var recaptchaEnterprise: RecaptchaEnterpriseSettings

    /// Settings with every value given.
    public init(emailEnumerationProtection: Bool = false, allowDuplicateEmails: Bool = false,
                requireRecaptcha: Bool = false, recaptchaEnterprise: RecaptchaEnterpriseSettings = .init()) {
        self.emailEnumerationProtection = emailEnumerationProtection
        self.allowDuplicateEmails = allowDuplicateEmails
        self.requireRecaptcha = requireRecaptcha
        self.recaptchaEnterprise = recaptchaEnterprise
    }
}

/// The settings of a running API, shared by the copies of the handler that serve requests concurrently.
final class SharedSettings: Sendable {
    private let current: Mutex<EmulatorSettings>

    init(_ settings: EmulatorSettings) {
        current = Mutex(settings)
    }

    /// The settings now.
    var value: EmulatorSettings {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
