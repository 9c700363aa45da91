/// The session: who is signed in, their ID token, signing out.
public protocol SessionClient: Sendable {
    /// The user of the persisted session, if one is signed in.
    func currentUser() async throws(AuthError) -> User?
    /// What is known of the session now from local state, read on the calling thread without a network call, so
    /// a first frame needs no background call.
    func sessionAtHand() throws(AuthError) -> SessionAtHand
    /// Ends the session.
    func signOut() async throws(AuthError)
    /// Claims of the current ID token: sign-in provider and last interactive sign-in.
    func idTokenResult() async throws(AuthError) -> IDTokenResult
    /// The current ID token (refreshed when it is about to expire), for a program acting for the user; every
    /// built-in backend issues one (the local backend the one `fauth-tui emulator` on its store would), nil
    /// only from a client that issues none.
    func idToken() async throws(AuthError) -> String?
}
