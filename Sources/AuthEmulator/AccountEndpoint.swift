/// An account operation, with what it does to a project or tenant nothing has written to yet.
struct AccountEndpoint: Sendable {
    let operation: Operation
    let use: ScopeUse

    /// An operation that only reads, or fails, in an empty scope (it needs an account, a code or a token that
    /// only a write could have made).
    static func read(_ operation: @escaping Operation) -> AccountEndpoint {
        AccountEndpoint(operation: operation, use: .read)
    }

    /// An operation that may add something to an empty scope.
    static func write(_ operation: @escaping Operation) -> AccountEndpoint {
        AccountEndpoint(operation: operation, use: .write)
    }
}
