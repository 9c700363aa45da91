import AuthCore
import AuthFlow

/// Catches the browser's return from an identity provider: a one-shot listener on a loopback address and a free
/// port (RFC 8252 §7.3). The runtime names only this seam; `LoopbackRedirect` serves it with the HTTP server.
public protocol RedirectListening: Sendable {
    /// Where the browser comes back, e.g. `http://127.0.0.1:<port>/`.
    var continueURI: String { get }
    /// Where a browser this interface opens starts: a one-sign-in secret address that binds the browser to the
    /// listener, then forwards it to the authorization address. Never put it in a command line.
    var launchAddress: String { get }
    /// The sign-in begun on `continueURI` that the browser's return must answer; until then every request is
    /// refused.
    func expect(_ start: BrowserSignIn.Start)
    /// The address the browser came back to; then the listener is closed. Cancelling the task closes it too.
    ///
    /// Errors: WEB_SIGN_IN_TIMED_OUT after the listener's timeout, WEB_CONTEXT_CANCELLED when the task is cancelled.
    func browserReturn() async throws(AuthError) -> String
    /// Stops listening.
    func close()
}
