import AuthCore

/// Work the runner performs; each feeds back a `.responded` event with the same operation id.
public enum NavigatorEffect: Hashable, Sendable {
    case loadSession(operationID: Int)
    case signIn(operationID: Int, email: String, password: String)
    case createUser(operationID: Int, email: String, password: String)
    case sendPasswordRecoveryEmail(operationID: Int, email: String)
    /// `codeOrLink` is what the person pasted: the code alone or the whole emailed link.
    case resetPassword(operationID: Int, codeOrLink: String, newPassword: String)
    case signOut(operationID: Int)
    case signInAnonymously(operationID: Int)
    /// Sign in with a credential (or link it to a guest, when upgrading guests).
    case signInWithCredential(operationID: Int, AuthCredential)
    /// Sign the guest out and sign in with a credential that belongs to another account.
    case replaceGuestAndSignIn(operationID: Int, AuthCredential)
    /// Link a credential kept from an earlier conflict to the signed-in user.
    case linkCredential(operationID: Int, AuthCredential)
    case sendSignInLink(operationID: Int, email: String)
    case fetchSignInMethods(operationID: Int, email: String)
    /// Send an SMS code to an E.164 number.
    case verifyPhoneNumber(operationID: Int, phoneNumber: String)
    /// Remember (or forget, with nil) the address a sign-in link was sent to, across runs.
    case rememberEmailForLink(String?)
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
        case .signInAnonymously(let id): "signInAnonymously(#\(id))"
        case .signInWithCredential(let id, let credential): "signInWithCredential(#\(id), \(credential))"
        case .replaceGuestAndSignIn(let id, let credential): "replaceGuestAndSignIn(#\(id), \(credential))"
        case .linkCredential(let id, let credential): "linkCredential(#\(id), \(credential))"
        case .sendSignInLink(let id, let email): "sendSignInLink(#\(id), \(email))"
        case .fetchSignInMethods(let id, let email): "fetchSignInMethods(#\(id), \(email))"
        case .verifyPhoneNumber(let id, let number): "verifyPhoneNumber(#\(id), \(number))"
        case .rememberEmailForLink(let email): "rememberEmailForLink(\(email ?? "nil"))"
        case .loadInbox(let id): "loadInbox(#\(id))"
        case .discardSession: "discardSession"
        case .quit: "quit"
        }
    }
}
