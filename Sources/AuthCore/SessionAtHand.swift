/// What a backend can tell about its signed-in user without waiting for a server.
public enum SessionAtHand: Sendable, Equatable {
    /// The signed-in user, or nil when nobody is, known from local state.
    case known(User?)
    /// A saved session the server has to confirm first (as `currentUser()` does).
    case unconfirmed
}
