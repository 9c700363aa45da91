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
    /// Where the owner-only pages a browser opened here starts from are written (`BrowserLaunchPage`).
    public let launchPageDirectory: String
    /// reCAPTCHA challenges, solved in the same browser.
    public let recaptcha: (any RecaptchaVerifying)?
    private let listen: Listen
    private let listeners = Mutex<[String: any RedirectListening]>([:])
    /// Each sign-in's launch address and listener by its authorization address, and its page once written.
    private let launches = Mutex<[String: (address: String, continueURI: String, page: String?)]>([:])

    /// Sign-ins whose browser comes back to the listeners `listen` starts (`LoopbackRedirect`'s, on the HTTP
    /// server); a browser opened here starts from a page written in `launchPageDirectory`.
    public init(browserCommand: String?, launchPageDirectory: String, timeout: Duration = .seconds(300),
                recaptcha: (any RecaptchaVerifying)? = nil, listen: @escaping Listen) {
        self.browserCommand = browserCommand
        self.launchPageDirectory = launchPageDirectory
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
            launches.withLock { $0[authURI.authURI] = (listener.launchAddress, listener.continueURI, nil) }
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
        defer { forgetLaunch(of: start.continueURI) }
        return try await listener.browserReturn()
    }

    /// Closes the listener at `continueURI`, a sign-in's or a reCAPTCHA's, without waiting for the browser (its
    /// screen never showed).
    func close(listenerAt continueURI: String) {
        listeners.withLock { $0.removeValue(forKey: continueURI) }?.close()
        forgetLaunch(of: continueURI)
        recaptcha?.close(listenerAt: continueURI)
    }

    /// Opens the sign-in whose authorization address is `address` in this machine's browser, when there is one:
    /// through its launch page, so the browser's command line holds no secret of the sign-in.
    func openBrowser(_ address: String) {
        guard let browserCommand else { return }
        let page = launches.withLock { launches -> String? in
            guard let launch = launches[address] else { return nil }
            if let page = launch.page { return page }
            let page = try? BrowserLaunchPage.write(forwardingTo: launch.address, in: launchPageDirectory)
            launches[address]?.page = page
            return page
        }
        guard let page else { return }
        BrowserLauncher.open(BrowserLaunchPage.address(of: page), with: browserCommand)
    }

    /// Forgets the launch address of the sign-in listening at `continueURI` and deletes its page.
    private func forgetLaunch(of continueURI: String) {
        let page = launches.withLock { launches -> String? in
            guard let authURI = launches.first(where: { $0.value.continueURI == continueURI })?.key else { return nil }
            return launches.removeValue(forKey: authURI)?.page
        }
        if let page { BrowserLaunchPage.remove(page) }
    }
}
