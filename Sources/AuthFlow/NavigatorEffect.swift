/// Work the runner performs; each feeds back a `.responded` event with the same operation id.
public enum NavigatorEffect: Hashable, Sendable {
    case loadSession(operationID: Int)
    case signIn(operationID: Int, email: String, password: String)
    case createUser(operationID: Int, email: String, password: String)
    case sendPasswordRecoveryEmail(operationID: Int, email: String)
    /// `codeOrLink` is what the person pasted: the code alone or the whole emailed link.
    case resetPassword(operationID: Int, codeOrLink: String, newPassword: String)
    case signOut(operationID: Int)
    case loadInbox(operationID: Int)
    /// Ends the session the UI gave up waiting for (a sign-in that completed after Esc).
    case discardSession
    /// Leave the app.
    case quit
}

extension NavigatorEffect: CustomStringConvertible {
    /// Names the effect without any password.
    public var description: String {
        switch self {
        case .loadSession(let id): "loadSession(#\(id))"
        case .signIn(let id, let email, _): "signIn(#\(id), \(email))"
        case .createUser(let id, let email, _): "createUser(#\(id), \(email))"
        case .sendPasswordRecoveryEmail(let id, let email): "sendPasswordRecoveryEmail(#\(id), \(email))"
        case .resetPassword(let id, _, _): "resetPassword(#\(id))"
        case .signOut(let id): "signOut(#\(id))"
        case .loadInbox(let id): "loadInbox(#\(id))"
        case .discardSession: "discardSession"
        case .quit: "quit"
        }
    }
}
