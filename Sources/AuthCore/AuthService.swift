/// FirebaseUI's `AuthService` without its UI state: configuration, enabled providers and the client.
///
/// The Navigator decides *what* to do; its calls ask this service to do it, which applies FirebaseUI's semantics
/// (anonymous upgrade, allowed second factors, …) on top of the swappable `AuthClient`. It is the one way to the
/// client: nothing reaches past it.
public struct AuthService: Sendable {
    public var configuration: AuthConfiguration
    private let client: any AuthClient
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

    /// Enables Google's button.
    public func withGoogleSignIn() -> AuthService { withOAuthSignIn(.builtIn(id: "google.com")) }

    /// Enables Apple's button.
    public func withAppleSignIn() -> AuthService { withOAuthSignIn(.builtIn(id: "apple.com")) }

    /// Enables Facebook's button.
    public func withFacebookSignIn() -> AuthService { withOAuthSignIn(.builtIn(id: "facebook.com")) }

    /// Enables X's button (FirebaseUI keeps Twitter's name and its `twitter.com` id).
    public func withTwitterSignIn() -> AuthService { withOAuthSignIn(.builtIn(id: "twitter.com")) }

    /// Enables an identity provider's button: a built-in one (`.github()`, `.microsoft()`, `.yahoo()`) or a custom
    /// OpenID Connect provider with its own label and colours.
    public func withOAuthSignIn(_ button: IdentityProviderButton) -> AuthService {
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

    /// Signs in with email and password, with a solved reCAPTCHA Enterprise token when the project asked for one.
    public func signIn(email: String, password: String, recaptchaToken: String? = nil) async throws(AuthError)
        -> SignInOutcome {
        try await client.signIn(email: email, password: password, recaptchaToken: recaptchaToken)
    }

    /// Creates an account, with a solved reCAPTCHA Enterprise token when the project asked for one; an anonymous
    /// user is upgraded in place when configured to.
    public func createUser(email: String, password: String, recaptchaToken: String? = nil) async throws(AuthError)
        -> SignInOutcome {
        if try await isUpgradingGuest() {
            return .signedIn(try await client.link(.emailPassword(email: email, password: password)))
        }
        return try await client.createUser(email: email, password: password, recaptchaToken: recaptchaToken)
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

    /// Sends an SMS code to an E.164 number, with a solved reCAPTCHA's token when the project asked for one;
    /// returns the verification id.
    public func verifyPhoneNumber(_ phoneNumber: String, recaptchaToken: String? = nil) async throws(AuthError)
        -> String {
        try await client.verifyPhoneNumber(phoneNumber, recaptchaToken: recaptchaToken)
    }

    /// The reCAPTCHA the project asks for before `action`.
    public func recaptchaChallenge(for action: RecaptchaAction) async throws(AuthError) -> RecaptchaChallenge {
        try await client.recaptchaChallenge(for: action)
    }

    /// Sign-in methods previously used with an email (FirebaseUI's legacy recovery).
    public func fetchSignInMethods(email: String) async throws(AuthError) -> [String] {
        try await client.fetchSignInMethods(email: email)
    }

    private func isUpgradingGuest() async throws(AuthError) -> Bool {
        guard configuration.shouldAutoUpgradeAnonymousUsers else { return false }
        return try await client.currentUser()?.isAnonymous == true
    }

    /// Sends the password recovery email, with a solved reCAPTCHA Enterprise token when the project asked for one.
    public func sendPasswordRecoveryEmail(email: String, recaptchaToken: String? = nil) async throws(AuthError) {
        try await client.sendPasswordReset(email: email, recaptchaToken: recaptchaToken)
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
    public func startPhoneEnrollment(phoneNumber: String, recaptchaToken: String? = nil) async throws(AuthError)
        -> String {
        try requireAllowed(.sms)
        return try await client.startPhoneEnrollment(phoneNumber: phoneNumber, recaptchaToken: recaptchaToken)
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

    // MARK: Session, account and credentials, as the client answers

    /// The user of the persisted session, if one is signed in.
    public func currentUser() async throws(AuthError) -> User? { try await client.currentUser() }

    /// What is known of the session from local state, without a network call.
    public func sessionAtHand() throws(AuthError) -> SessionAtHand { try client.sessionAtHand() }

    /// The user of the session; an account call that left none signed in answers USER_NOT_FOUND.
    public func signedInUser() async throws(AuthError) -> User {
        guard let user = try await client.currentUser() else { throw AuthError(.userNotFound) }
        return user
    }

    /// The provider the session last signed in with (the ID token's `sign_in_provider`).
    public func signInProvider() async throws(AuthError) -> String { try await client.idTokenResult().signInProvider }

    /// The session's ID token, for a program acting for the user; nil only from a client that issues none.
    public func idToken() async throws(AuthError) -> String? { try await client.idToken() }

    /// Emails the signed-in user a link that verifies their address; returns the account as it is then.
    public func sendEmailVerification() async throws(AuthError) -> User {
        try await client.sendEmailVerification()
        return try await signedInUser()
    }

    /// Applies the code of a verification email (the code alone or the whole link); returns the account then.
    public func applyActionCode(codeOrLink: String) async throws(AuthError) -> User {
        try await client.applyActionCode(OobCode.extract(from: codeOrLink))
        return try await client.reload()
    }

    /// Changes the signed-in user's password; returns the account then.
    public func updatePassword(_ password: String) async throws(AuthError) -> User {
        try await client.updatePassword(password)
        return try await signedInUser()
    }

    /// Saves the display name and photo URL (nil removes one).
    public func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User {
        try await client.updateProfile(displayName: displayName, photoURL: photoURL)
    }

    /// Removes a sign-in method; the last one is never removed.
    public func unlink(providerID: String) async throws(AuthError) -> User {
        try await client.unlink(providerID: providerID)
    }

    /// Deletes the signed-in account.
    public func deleteUser() async throws(AuthError) { try await client.deleteUser() }

    /// Proves again who is signed in, so a call refused for an old sign-in can run again.
    public func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        try await client.reauthenticate(with: credential)
    }

    /// Where a browser signs in with an identity provider (`createAuthUri`).
    public func createAuthURI(_ request: AuthURIRequest) async throws(AuthError) -> AuthURI {
        try await client.createAuthURI(request)
    }

    // MARK: Second factors of a sign-in, and the enrolled ones

    /// Texts the code of a phone second factor to finish a sign-in; returns the verification id.
    public func startPhoneMFASignIn(_ required: MFARequired, hintUID: String, recaptchaToken: String? = nil)
        async throws(AuthError) -> String {
        try await client.startPhoneMFASignIn(required, hintUID: hintUID, recaptchaToken: recaptchaToken)
    }

    /// Finishes a sign-in with its second factor.
    public func resolveSignIn(_ required: MFARequired, assertion: MultiFactorAssertion) async throws(AuthError)
        -> User {
        try await client.resolveSignIn(required, assertion: assertion)
    }

    /// The signed-in user's enrolled second factors.
    public func enrolledFactors() async throws(AuthError) -> [MultiFactorInfo] { try await client.enrolledFactors() }

    /// Removes an enrolled second factor.
    public func unenroll(factorUID: String) async throws(AuthError) { try await client.unenroll(factorUID: factorUID) }
}
