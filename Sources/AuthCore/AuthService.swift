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
        if configuration.shouldAutoUpgradeAnonymousUsers, let user = try await client.currentUser(), user.isAnonymous {
            return .signedIn(try await client.link(.emailPassword(email: email, password: password)))
        }
        return try await client.createUser(email: email, password: password)
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
}
