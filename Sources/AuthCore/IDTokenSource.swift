/// A backend that hands out the session's Firebase ID token (a Firebase project or an emulator).
public protocol IDTokenSource: Sendable {
    /// A current ID token: refreshed first when it expires within five minutes, or always with `forceRefresh`.
    /// USER_NOT_FOUND when signed out.
    func idToken(forceRefresh: Bool) async throws(AuthError) -> String
}
