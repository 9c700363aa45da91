/// Sign-in by a link sent by email.
public protocol EmailLinkClient: Sendable {
    func sendSignInLink(email: String, settings: ActionCodeSettings) async throws(AuthError)
    func isSignInLink(_ link: String) -> Bool
    func signIn(email: String, link: String) async throws(AuthError) -> SignInOutcome
}
