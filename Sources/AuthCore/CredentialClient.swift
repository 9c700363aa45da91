/// Credentials: guests, signing in or again with one, linking and unlinking methods, identity providers.
public protocol CredentialClient: Sendable {
    func signInAnonymously() async throws(AuthError) -> SignInOutcome
    func signIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome
    /// Links a credential to the current user.
    func link(_ credential: AuthCredential) async throws(AuthError) -> User
    /// Proves again that the signed-in person holds `credential`; for an account with second factors the answer
    /// is `.mfaRequired`, and `resolveSignIn` completes the reauthentication.
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome
    /// Removes a sign-in method from the current user; the last one is never removed.
    func unlink(providerID: String) async throws(AuthError) -> User
    /// Begins a browser sign-in with an identity provider (`createAuthUri`): where to send the browser, which
    /// returns to `continueURI`; the address it returns to then signs in as an `IdentityProviderCredential`.
    func createAuthURI(_ request: AuthURIRequest) async throws(AuthError) -> AuthURI
    /// Provider ids previously used with an email (legacy sign-in recovery).
    func fetchSignInMethods(email: String) async throws(AuthError) -> [String]
}
