/// The signed-in account as the backend has it: reading it again, verifying it, its profile, deleting it.
public protocol AccountClient: Sendable {
    /// The current user as the backend has it now (FirebaseAuth's `User.reload()`).
    func reload() async throws(AuthError) -> User
    /// Applies an out-of-band code from an email, such as VERIFY_EMAIL (FirebaseAuth's `applyActionCode`).
    func applyActionCode(_ code: String) async throws(AuthError)
    func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User
    func deleteUser() async throws(AuthError)
}
