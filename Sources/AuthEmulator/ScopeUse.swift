/// What a request may do to a project or tenant nothing has written to yet: a read answers as an empty scope
/// would and leaves nothing behind; a write makes the scope's store.
enum ScopeUse: Sendable {
    /// Answers from what exists (an empty scope for one never written to).
    case read
    /// May add something (an account, a code, a setting): the scope's store is made first when missing.
    case write
}
