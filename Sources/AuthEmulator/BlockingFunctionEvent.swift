/// The Auth events an app's blocking functions intercept, named as the project config's
/// `blockingFunctions.triggers` names them (Firebase's `BlockingFunctionEvents`).
enum BlockingFunctionEvent: String, CaseIterable, Sendable {
    /// Before a new account is stored: its answer changes the account being created.
    case beforeCreate
    /// Before a sign-in gets its tokens: its answer changes the account and adds session claims to the tokens.
    case beforeSignIn
}
