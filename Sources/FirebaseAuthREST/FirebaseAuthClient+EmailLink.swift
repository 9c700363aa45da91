import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// Emails a sign-in link (`accounts:sendOobCode`, EMAIL_SIGNIN) that continues at `settings.url`.
    public func sendSignInLink(email: String, settings: ActionCodeSettings) async throws(AuthError) {
        let body: RequestValue = [
            "requestType": "EMAIL_SIGNIN", "email": .string(email), "continueUrl": .string(settings.url),
            "canHandleCodeInApp": .bool(settings.handleCodeInApp),
        ]
        try await post("v1/accounts:sendOobCode", body)
    }

    /// Whether `link` is an email sign-in link (`mode=signIn` with an `oobCode`), also inside a `link` parameter.
    public func isSignInLink(_ link: String) -> Bool {
        SignInLink.isSignIn(link)
    }

    /// Signs in with an emailed link or its bare code (`accounts:signInWithEmailLink`).
    public func signIn(email: String, link: String) async throws(AuthError) -> SignInOutcome {
        try await signIn(with: .emailLink(email: email, link: link))
    }
}
