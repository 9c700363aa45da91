/// What an in-flight call is doing.
public enum OperationKind: Hashable, Sendable {
    case loadingSession
    case signingIn
    case signingUp
    case sendingPasswordRecoveryEmail
    case resettingPassword
    case signingOut
    case loadingInbox
}

/// An in-flight call; responses carry its id so a stale one (after Esc) is recognised.
public struct Operation: Hashable, Sendable {
    public var id: Int
    public var kind: OperationKind

    public init(id: Int, kind: OperationKind) {
        self.id = id
        self.kind = kind
    }
}
