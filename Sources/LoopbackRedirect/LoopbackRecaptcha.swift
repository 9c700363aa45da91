import AuthCore
import AuthFlow
import FoundationEssentials
import HTTPServer
import Synchronization

/// The words of the pages the reCAPTCHA listener serves, in the interface language.
public struct RecaptchaPages: Sendable, Hashable {
    /// The language the pages declare (`lang`).
    public var language: String
    /// The challenge page's title.
    public var title: String
    /// What to do on the challenge page.
    public var instructions: String
    /// The answer was received: the tab can be closed.
    public var received: String
    /// The address answers another challenge, or one already answered.
    public var foreign: String

    /// The pages in `language`.
    public init(language: String, title: String, instructions: String, received: String, foreign: String) {
        self.language = language
        self.title = title
        self.instructions = instructions
        self.received = received
        self.foreign = foreign
    }
}

/// reCAPTCHA challenges solved in a browser: for each, a one-shot listener on 127.0.0.1 and a free port that shows
/// the challenge at `/recaptcha?state=…` (Google's widget with the project's site key, or a redirect to the
/// emulator's stand-in page) and keeps the first answer that brings its `state` back to `/`, then closes. It closes
/// by itself after `timeout`.
public final class LoopbackRecaptcha: RecaptchaVerifying {
    private let pages: RecaptchaPages
    private let timeout: Duration
    private let listeners = Mutex<[String: RecaptchaListener]>([:])

    /// Challenges whose pages speak `pages`' language, each waiting at most `timeout` (5 minutes).
    public init(pages: RecaptchaPages, timeout: Duration = .seconds(300)) {
        self.pages = pages
        self.timeout = timeout
    }

    /// Listens on a loopback port and serves `challenge`'s page there.
    ///
    /// Errors: NETWORK_REQUEST_FAILED naming libmicrohttpd when it cannot be loaded, or when no port can be bound.
    public func begin(_ challenge: RecaptchaChallenge) async throws(AuthError) -> RecaptchaVerification.Start {
        guard HTTPServer.isAvailable else {
            throw AuthError(.networkRequestFailed, detail: "no loopback listener without libmicrohttpd",
                            missingLibrary: .microhttpd)
        }
        let listener = try RecaptchaListener(challenge: challenge, pages: pages, timeout: timeout)
        // Esc while the listener started: nobody will wait for it.
        guard !Task.isCancelled else {
            listener.close()
            throw AuthError(.webContextCancelled, detail: "cancelled in the app")
        }
        listeners.withLock { $0[listener.start.continueURI] = listener }
        return listener.start
    }

    /// The token the browser brought back for `start`; its listener is closed afterwards.
    ///
    /// Errors: WEB_SIGN_IN_TIMED_OUT after the timeout, WEB_CONTEXT_CANCELLED when the task is cancelled.
    public func answer(_ start: RecaptchaVerification.Start) async throws(AuthError) -> String {
        guard let listener = listeners.withLock({ $0.removeValue(forKey: start.continueURI) }) else {
            throw AuthError(.webContextCancelled, detail: "no listener for \(start.continueURI)")
        }
        return try await listener.answer()
    }

    /// Closes the listener at `continueURI` without waiting for the browser (its screen never showed).
    public func close(listenerAt continueURI: String) {
        listeners.withLock { $0.removeValue(forKey: continueURI) }?.close()
    }
}

/// One challenge's listener: its page, and the first answer carrying its `state`.
final class RecaptchaListener: Sendable {
    let start: RecaptchaVerification.Start
    private let server: HTTPServer
    private let catcher: RedirectCatcher
    private let timer = Mutex<Task<Void, Never>?>(nil)

    init(challenge: RecaptchaChallenge, pages: RecaptchaPages, timeout: Duration) throws(AuthError) {
        let state = SystemRandom.urlSafeToken()
        let catcher = RedirectCatcher(pages: RedirectPages(language: pages.language, received: pages.received,
                                                           cancelled: pages.foreign, foreign: pages.foreign))
        let box = Mutex<RecaptchaVerification.Start?>(nil)
        do {
            server = try HTTPServer(host: "127.0.0.1", port: 0, maxBodyBytes: 4096, handler: { request in
                guard let start = box.withLock({ $0 }) else { return HTTPResponse(status: 503) }
                return RecaptchaListener.answer(request, for: start, challenge: challenge, pages: pages,
                                                catcher: catcher)
            })
            try server.start()
        } catch {
            throw AuthError(.networkRequestFailed, detail: "no loopback listener: \(error)")
        }
        let continueURI = "http://127.0.0.1:\(server.port)/"
        let start = RecaptchaVerification.Start(pageURI: continueURI + "recaptcha?state=" + state,
                                                continueURI: continueURI, expectedState: state)
        self.start = start
        self.catcher = catcher
        box.withLock { $0 = start }
        let timer = catcher.giveUp(after: timeout, stopping: server)
        self.timer.withLock { $0 = timer }
    }

    /// The token the browser brought back; then the listener is closed. Cancelling the task closes it too.
    func answer() async throws(AuthError) -> String {
        let catcher = self.catcher
        let result = await withTaskCancellationHandler {
            await catcher.wait()
        } onCancel: {
            catcher.finish(.failure(AuthError(.webContextCancelled, detail: "cancelled in the app")))
        }
        close()
        return try result.get()
    }

    /// Stops listening (answers in flight are still sent), and its timer with it.
    func close() {
        catcher.finish(.failure(AuthError(.webContextCancelled, detail: "closed in the app")))
        timer.withLock { $0?.cancel() }
        server.stop(gracePeriod: .seconds(2))
    }

    /// The challenge page at `/recaptcha` with the right `state`; the first answer at `/` with it is kept.
    private static func answer(_ request: HTTPRequest, for start: RecaptchaVerification.Start,
                               challenge: RecaptchaChallenge, pages: RecaptchaPages,
                               catcher: RedirectCatcher) -> HTTPResponse {
        guard request.method.uppercased() == "GET" else { return HTTPResponse(status: 405) }
        if request.path == "/recaptcha" {
            guard IdentityProviderRedirect.constantTimeEqual(request.query["state"] ?? "", start.expectedState) else {
                return page(pages.foreign, pages: pages, status: 400)
            }
            return challengePage(challenge, start: start, pages: pages)
        }
        var address = URLComponents(string: start.continueURI) ?? URLComponents()
        address.queryItems = request.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        switch start.reading(of: address.string ?? "") {
        case .answered(let token):
            return catcher.finish(.success(token)) ? page(pages.received, pages: pages)
                : page(pages.foreign, pages: pages, status: 409)
        case .foreign:
            return page(pages.foreign, pages: pages, status: 400)
        case .notAnAddress:
            return HTTPResponse(status: 404)
        }
    }

    /// Google's widget with the site key, whose answer goes back to `/`; for the emulator, its stand-in page.
    private static func challengePage(_ challenge: RecaptchaChallenge, start: RecaptchaVerification.Start,
                                      pages: RecaptchaPages) -> HTTPResponse {
        if let standIn = challenge.standInPage, var components = URLComponents(string: standIn) {
            components.queryItems = [URLQueryItem(name: "continueUri", value: start.continueURI),
                                     URLQueryItem(name: "state", value: start.expectedState)]
            return HTTPResponse(status: 302, headers: ["Location": components.string ?? standIn])
        }
        // The state is a URL-safe token of ours: it needs no escaping inside the script's string.
        let answer = """
            function solved(token) { location.replace("/?state=\(start.expectedState)&recaptchaToken=" \
            + encodeURIComponent(token)); }
            """
        let widget = challenge.enterpriseAction.map { enterpriseWidget(siteKey: challenge.siteKey, action: $0) } ?? """
            <script src="https://www.google.com/recaptcha/api.js" async defer></script>
            <div class="g-recaptcha" data-sitekey="\(challenge.siteKey.htmlEscaped)" data-callback="solved"></div>
            """
        return HTTPResponse.htmlPage(title: pages.title, message: pages.instructions, language: pages.language,
                                     formHTML: "<script>\(answer)</script>\n" + widget)
    }

    /// reCAPTCHA Enterprise with the project's (score-based) web key: the token for `action` is asked for as soon
    /// as the script is ready, with nothing to tick, as Firebase's web SDK does.
    private static func enterpriseWidget(siteKey: String, action: RecaptchaAction) -> String {
        // A key is letters, digits, - and _; anything else is dropped, so neither the key nor the action (one of
        // our own names) needs escaping in the address or the script.
        let key = String(siteKey.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        return """
            <script src="https://www.google.com/recaptcha/enterprise.js?render=\(key)"></script>
            <script>grecaptcha.enterprise.ready(function () { grecaptcha.enterprise.execute("\(key)", \
            { action: "\(action.rawValue)" }).then(solved); });</script>
            """
    }

    private static func page(_ message: String, pages: RecaptchaPages, status: Int = 200) -> HTTPResponse {
        HTTPResponse.htmlPage(title: "fauth-tui", message: message, status: status, language: pages.language)
    }
}
