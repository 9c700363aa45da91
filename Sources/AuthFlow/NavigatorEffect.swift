/// Work the runner performs; a call feeds back a `.responded` event with the same operation id.
public enum NavigatorEffect: Hashable, Sendable {
    /// Start a call as operation `operationID`.
    case run(operationID: Int, AuthCall)
    /// Stop the call of an operation the person gave up waiting for (its task is cancelled).
    case cancel(operationID: Int)
    /// Remember (or forget, with nil) the address a sign-in link was sent to, across runs.
    case rememberEmailForLink(String?)
    /// Ends the session the UI gave up waiting for (a sign-in that completed after Esc).
    case discardSession
    /// Open an address in a browser on this machine.
    case openBrowser(String)
    /// Close the loopback listener at this address (`continueURI`) of a browser hand-off whose screen never
    /// showed (it began after Esc).
    case closeListener(String)
    /// Remember (or forget, with nil) the user the provisioning command succeeded for, across runs.
    case rememberProvisionedUser(String?)
    /// Put text on the terminal's clipboard (OSC 52).
    case copyToClipboard(String)
    /// Leave the app.
    case quit
}

extension NavigatorEffect: CustomStringConvertible {
    /// Names the effect without any password.
    public var description: String {
        switch self {
        case .run(let id, let call): "run(#\(id), \(call))"
        case .cancel(let id): "cancel(#\(id))"
        case .rememberEmailForLink(let email): "rememberEmailForLink(\(email ?? "nil"))"
        case .discardSession: "discardSession"
        case .openBrowser: "openBrowser"
        case .closeListener: "closeListener"
        case .rememberProvisionedUser(let uid): "rememberProvisionedUser(\(uid ?? "nil"))"
        case .copyToClipboard: "copyToClipboard"
        case .quit: "quit"
        }
    }
}
