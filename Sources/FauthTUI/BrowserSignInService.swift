import AuthCore
import AuthFlow
import FoundationEssentials
import Synchronization

/// Browser sign-ins with identity providers: a loopback listener per sign-in, the backend's authorization
/// address, and a local browser when one can be opened.
public final class BrowserSignInService: BrowserSignInProviding {
    /// Starts a listener that gives up after the duration it is given.
    public typealias Listen = @Sendable (_ timeout: Duration) throws(AuthError) -> any RedirectListening

    /// The browser command of this machine, nil when none can be opened (no display, no browser).
    public let browserCommand: String?
    /// How long a sign-in waits for the browser (5 minutes).
    public let timeout: Duration
    /// reCAPTCHA challenges, solved in the same browser.
    public let recaptcha: (any RecaptchaVerifying)?
    private let listen: Listen
    private let listeners = Mutex<[String: any RedirectListening]>([:])

    /// Sign-ins whose browser comes back to the listeners `listen` starts (`LoopbackRedirect`'s, on the HTTP
    /// server).
    public init(browserCommand: String?, timeout: Duration = .seconds(300),
                recaptcha: (any RecaptchaVerifying)? = nil, listen: @escaping Listen) {
        self.browserCommand = browserCommand
        self.timeout = timeout
        self.recaptcha = recaptcha
        self.listen = listen
    }

    /// Listens on a loopback port, then asks the backend where the browser should go.
    ///
    /// Errors: NETWORK_REQUEST_FAILED (no port), the backend's `createAuthUri` errors, INVALID_IDP_RESPONSE when
    /// the authorization address carries no `state` to check the answer against.
    public func begin(_ button: IdentityProviderButton, service: AuthService) async throws(AuthError)
        -> BrowserSignIn.Start {
        let listener = try listen(timeout)
        do throws(AuthError) {
            let authURI = try await service.createAuthURI(
                AuthURIRequest(providerID: button.providerID, continueURI: listener.continueURI, scopes: button.scopes,
                               customParameters: button.customParameters))
            guard let state = authURI.state else {
                throw AuthError(.invalidIdpResponse, detail: "the authorization address has no state")
            }
            guard !Task.isCancelled else { throw AuthError(.webContextCancelled, detail: "cancelled in the app") }
            let start = BrowserSignIn.Start(button: button, authURI: authURI, continueURI: listener.continueURI,
                                            expectedState: state)
            listener.expect(start)
            listeners.withLock { $0[start.continueURI] = listener }
            return start
        } catch {
            listener.close()
            throw error
        }
    }

    /// The address the browser came back to for `start`; its listener is closed afterwards.
    public func browserReturn(_ start: BrowserSignIn.Start) async throws(AuthError) -> String {
        guard let listener = listeners.withLock({ $0.removeValue(forKey: start.continueURI) }) else {
            throw AuthError(.webContextCancelled, detail: "no listener for \(start.continueURI)")
        }
        return try await listener.browserReturn()
    }

    /// Closes `start`'s listener without waiting for the browser (its screen never showed).
    func close(_ start: BrowserSignIn.Start) {
        listeners.withLock { $0.removeValue(forKey: start.continueURI) }?.close()
    }

    /// Opens `address` in this machine's browser, when there is one.
    func openBrowser(_ address: String) {
        guard let browserCommand else { return }
        BrowserLauncher.open(address, with: browserCommand)
    }
}
