/// FirebaseUI's `AuthService` without its UI state: configuration, enabled providers and the client.
///
/// The Navigator decides *what* to do; the effect runner asks this service to do it, which applies
/// FirebaseUI's semantics (anonymous upgrade, …) on top of the swappable `AuthClient`.
public struct AuthService: Sendable {
    public var configuration: AuthConfiguration
    public let client: any AuthClient
    /// Enabled sign-in methods in registration order.
    public private(set) var providers: [AuthProvider] = []

    public init(configuration: AuthConfiguration = AuthConfiguration(), client: any AuthClient) {
        self.configuration = configuration
        self.client = client
    }

    /// Enables the inline email/password form.
    public func withEmailSignIn() -> AuthService { registering(.email) }

    /// Enables sign-in by emailed link (its button is always drawn first).
    public func withEmailLinkSignIn() -> AuthService { registering(.emailLink) }

    /// Enables phone sign-in with an SMS code.
    public func withPhoneSignIn() -> AuthService { registering(.phone) }

    /// Enables "Continue as guest".
    public func withAnonymousSignIn() -> AuthService { registering(.anonymous) }

    /// Enables an identity provider's button.
    public func withIdentityProvider(_ button: IdentityProviderButton) -> AuthService {
        registering(.identityProvider(button))
    }

    /// Enables a sign-in method (the builder behind `withEmailSignIn()` and friends).
    public func registering(_ provider: AuthProvider) -> AuthService {
        var copy = self
        if !copy.providers.contains(provider) { copy.providers.append(provider) }
        return copy
    }

    /// Whether the inline email/password form is shown.
    public var emailPasswordSignInEnabled: Bool { providers.contains(.email) }

    /// Signs in with email and password.
    public func signIn(email: String, password: String) async throws(AuthError) -> SignInOutcome {
        try await client.signIn(email: email, password: password)
    }

    /// Creates an account; an anonymous user is upgraded in place when configured to.
    public func createUser(email: String, password: String) async throws(AuthError) -> SignInOutcome {
        if try await isUpgradingGuest() {
            return .signedIn(try await client.link(.emailPassword(email: email, password: password)))
        }
        return try await client.createUser(email: email, password: password)
    }

    /// Signs in with a credential; an anonymous user is upgraded in place (keeping its uid) when configured to.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        if try await isUpgradingGuest() {
            return .signedIn(try await client.link(credential))
        }
        return try await client.signIn(with: credential)
    }

    /// FirebaseUI's answer to an anonymous-upgrade conflict: drop the guest and sign in with the credential.
    public func replaceGuestAndSignIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        try await client.signOut()
        return try await client.signIn(with: credential)
    }

    /// Links a credential kept from an earlier conflict to the user who just signed in.
    public func link(_ credential: AuthCredential) async throws(AuthError) -> User {
        try await client.link(credential)
    }

    /// Signs in as a guest.
    public func signInAnonymously() async throws(AuthError) -> SignInOutcome {
        try await client.signInAnonymously()
    }

    /// Sends a sign-in link, with the configured action code settings or the local default.
    public func sendSignInLink(email: String) async throws(AuthError) {
        let settings = configuration.emailLinkSignInActionCodeSettings ?? Self.defaultEmailLinkSettings
        try await client.sendSignInLink(email: email, settings: settings)
    }

    /// Where emailed sign-in links continue to when the configuration names no URL.
    public static let defaultEmailLinkSettings = ActionCodeSettings(url: "https://fauth-tui.local/finishSignIn")

    /// Sends an SMS code to an E.164 number; returns the verification id.
    public func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        try await client.verifyPhoneNumber(phoneNumber)
    }

    /// Sign-in methods previously used with an email (FirebaseUI's legacy recovery).
    public func fetchSignInMethods(email: String) async throws(AuthError) -> [String] {
        try await client.fetchSignInMethods(email: email)
    }

    private func isUpgradingGuest() async throws(AuthError) -> Bool {
        guard configuration.shouldAutoUpgradeAnonymousUsers else { return false }
        return try await client.currentUser()?.isAnonymous == true
    }

    /// Sends the password recovery email.
    public func sendPasswordRecoveryEmail(email: String) async throws(AuthError) {
        try await client.sendPasswordReset(email: email)
    }

    /// Completes a password reset with the code (or the whole link) from the recovery email; returns the account's email.
    public func resetPassword(codeOrLink: String, newPassword: String) async throws(AuthError) -> String {
        let code = OobCode.extract(from: codeOrLink)
        let email = try await client.verifyPasswordResetCode(code)
        try await client.confirmPasswordReset(code: code, newPassword: newPassword)
        return email
    }

    /// Ends the session.
    public func signOut() async throws(AuthError) {
        try await client.signOut()
    }

    // MARK: Multi-factor enrolment, within the configuration

    /// Texts an enrolment code to `phoneNumber` when SMS factors are allowed; returns the verification id.
    public func startPhoneEnrollment(phoneNumber: String) async throws(AuthError) -> String {
        try requireAllowed(.sms)
        return try await client.startPhoneEnrollment(phoneNumber: phoneNumber)
    }

    /// A TOTP secret whose `otpauth://` URL names `accountName` and the configured `mfaIssuer`, when TOTP factors
    /// are allowed.
    public func generateTOTPSecret(accountName: String) async throws(AuthError) -> TOTPSecret {
        try requireAllowed(.totp)
        return try await client.generateTOTPSecret(accountName: accountName, issuer: configuration.mfaIssuer)
    }

    /// Enrols the factor `assertion` proves, when its kind is allowed.
    public func enroll(_ assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        try requireAllowed(assertion.factorType)
        try await client.enroll(assertion, displayName: displayName)
    }

    /// SECOND_FACTOR_NOT_ALLOWED unless `mfaEnabled` is on and `allowedSecondFactors` holds `type` (FirebaseUI's
    /// `startMfaEnrollment` rule).
    public func requireAllowed(_ type: SecondFactorType) throws(AuthError) {
        guard configuration.mfaEnabled else {
            throw AuthError(.secondFactorNotAllowed, detail: "mfaEnabled is off")
        }
        guard configuration.allowedSecondFactors.contains(type) else {
            throw AuthError(.secondFactorNotAllowed, detail: "\(type.rawValue) is not in allowedSecondFactors")
        }
    }
}
