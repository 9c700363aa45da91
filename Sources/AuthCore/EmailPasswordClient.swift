/// Email and password: accounts, sign-in, password recovery and change, email verification.
public protocol EmailPasswordClient: Sendable {
    /// Creates an email/password account and signs in to it.
    func createUser(email: String, password: String) async throws(AuthError) -> SignInOutcome
    func signIn(email: String, password: String) async throws(AuthError) -> SignInOutcome
    func sendPasswordReset(email: String) async throws(AuthError)
    /// Checks a reset code without consuming it; returns the account's email.
    func verifyPasswordResetCode(_ code: String) async throws(AuthError) -> String
    func confirmPasswordReset(code: String, newPassword: String) async throws(AuthError)
    func updatePassword(_ newPassword: String) async throws(AuthError)
    func sendEmailVerification() async throws(AuthError)
}
