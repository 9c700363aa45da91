/// What a backend can tell about its signed-in user without waiting for a server.
public enum SessionAtHand: Sendable, Equatable {
    /// The signed-in user, or nil when nobody is, known from local state.
    case known(User?)
    /// A saved session the server has to confirm first (as `currentUser()` does).
    case unconfirmed
}

/// A backend that can often tell its signed-in user from local state, so a first frame needs no background call.
public protocol SessionAtHandProviding: Sendable {
    /// What is known of the session now, read on the calling thread without a network call.
    func sessionAtHand() throws(AuthError) -> SessionAtHand
}
