import FoundationEssentials
import AuthCore

/// What calls run against: the auth service (the one way to the backend) and the app's services around it. The
/// runner builds it; tests give their own.
public struct CallContext: Sendable {
    public let service: AuthService
    /// Where sent emails and SMS can be read back, when the backend offers it.
    public let inbox: (any MessageInbox)?
    /// Values remembered between runs for this backend, read with the session.
    public let remembered: any RememberedValues
    /// Browser sign-ins with identity providers, on backends that offer them.
    public let browserSignIn: (any BrowserSignInProviding)?
    /// Device-code sign-ins with identity providers whose buttons name a device client.
    public let deviceSignIn: any DeviceSignInProviding
    /// The configured provisioning command, if any.
    public let provisioner: (any Provisioner)?
    /// reCAPTCHA challenges solved in a browser, where a browser hand-off is offered.
    public let recaptcha: (any RecaptchaVerifying)?
    /// The runner's clock: when a code was sent, when a secret arrived.
    public let now: @Sendable () -> Date

    public init(service: AuthService, inbox: (any MessageInbox)?, remembered: any RememberedValues,
                browserSignIn: (any BrowserSignInProviding)?, deviceSignIn: any DeviceSignInProviding,
                provisioner: (any Provisioner)?, recaptcha: (any RecaptchaVerifying)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.service = service
        self.inbox = inbox
        self.remembered = remembered
        self.browserSignIn = browserSignIn
        self.deviceSignIn = deviceSignIn
        self.provisioner = provisioner
        self.recaptcha = recaptcha
        self.now = now
    }
}

/// What the app remembered between runs (FirebaseUI's `@AppStorage`).
public protocol RememberedValues: Sendable {
    /// The address the last sign-in link was sent to.
    var emailForLink: String? { get }
    /// The user the provisioning command last succeeded for.
    var provisionedUserID: String? { get }
}

/// Browser sign-ins: a listener for the browser's return, and the backend's address for the provider.
public protocol BrowserSignInProviding: Sendable {
    /// Listens on a loopback port, then asks the backend where the browser should sign in with `button`.
    func begin(_ button: IdentityProviderButton, service: AuthService) async throws(AuthError) -> BrowserSignIn.Start
    /// The address the browser came back to for `start`.
    func browserReturn(_ start: BrowserSignIn.Start) async throws(AuthError) -> String
}

/// reCAPTCHA challenges solved in a browser: a loopback listener that serves the challenge's page and catches the
/// answer the browser brings back.
public protocol RecaptchaVerifying: Sendable {
    /// Listens on a loopback port and serves the page that shows `challenge`.
    func begin(_ challenge: RecaptchaChallenge) async throws(AuthError) -> RecaptchaVerification.Start
    /// The token the browser brought back for `start`; then its listener is closed.
    func answer(_ start: RecaptchaVerification.Start) async throws(AuthError) -> String
    /// Closes the listener at `continueURI` without waiting for the browser (its screen never showed).
    func close(listenerAt continueURI: String)
}

/// Device-code sign-ins (RFC 8628): a code to show, then the provider's answer once it is approved.
public protocol DeviceSignInProviding: Sendable {
    /// Asks the provider of `button` for a code.
    func begin(_ button: IdentityProviderButton) async throws(AuthError) -> DeviceSignIn.Start
    /// The provider's credential once the person approves `start`'s code.
    func approval(_ start: DeviceSignIn.Start) async throws(AuthError) -> IdentityProviderCredential
}

/// The provisioning command: it sets up an account that just signed in.
public protocol Provisioner: Sendable {
    /// Runs the command for a user; success is exit status 0.
    func run(uid: String, email: String?, idToken: String?) async -> Result<Void, ProvisioningFailure>
}
