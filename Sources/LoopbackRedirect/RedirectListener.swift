import AuthCore
import AuthFlow
import FauthTUI
import FoundationEssentials
import HTTPServer
import Synchronization

/// The words of the pages the loopback listener answers the browser with, in the interface language.
public struct RedirectPages: Sendable, Hashable {
    /// The language the pages declare (`lang`).
    public var language: String
    /// The sign-in was received: the tab can be closed.
    public var received: String
    /// The provider refused, or the person cancelled there.
    public var cancelled: String
    /// The address answers another sign-in, or one already answered.
    public var foreign: String

    /// The pages in `language`.
    public init(language: String, received: String, cancelled: String, foreign: String) {
        self.language = language
        self.received = received
        self.cancelled = cancelled
        self.foreign = foreign
    }
}

/// A one-shot HTTP listener on 127.0.0.1 and a free port (RFC 8252 §7.3) that catches the browser's return
/// from a provider: the first address answering its sign-in (read by `BrowserSignIn.Start`'s rule) is kept and
/// the listener closes; other addresses are refused and it keeps listening. It closes by itself after `timeout`.
public final class RedirectListener: RedirectListening {
    /// Where the browser comes back: `http://127.0.0.1:<port>/`.
    public let continueURI: String
    /// Where the browser this interface opens starts (`BrowserBinding`).
    public let launchAddress: String
    private let server: HTTPServer
    private let catcher: RedirectCatcher
    private let timer = Mutex<Task<Void, Never>?>(nil)

    /// Listens now. Errors: NETWORK_REQUEST_FAILED when no loopback port can be bound.
    public init(pages: RedirectPages, timeout: Duration) throws(AuthError) {
        let catcher = RedirectCatcher(pages: pages)
        do {
            server = try HTTPServer(host: "127.0.0.1", port: 0, maxBodyBytes: 4096,
                                    handler: { catcher.answer($0) })
            try server.start()
        } catch {
            throw AuthError(.networkRequestFailed, detail: "no loopback listener: \(error)")
        }
        continueURI = "http://127.0.0.1:\(server.port)/"
        launchAddress = catcher.binding.launchAddress(on: continueURI)
        self.catcher = catcher
        let timer = catcher.giveUp(after: timeout, stopping: server)
        self.timer.withLock { $0 = timer }
    }

    /// The sign-in begun on `continueURI` that the browser's return must answer; until then every request is
    /// refused.
    public func expect(_ start: BrowserSignIn.Start) {
        catcher.start = start
    }

    /// The address the browser came back to; then the listener is closed. Cancelling the task closes it too.
    ///
    /// Errors: WEB_SIGN_IN_TIMED_OUT after the timeout, WEB_CONTEXT_CANCELLED when the task is cancelled.
    public func browserReturn() async throws(AuthError) -> String {
        let catcher = self.catcher
        let result = await withTaskCancellationHandler {
            await catcher.wait()
        } onCancel: {
            catcher.finish(.failure(AuthError(.webContextCancelled, detail: "cancelled in the app")))
        }
        close()
        return try result.get()
    }

    /// Stops listening (answers in flight are still sent).
    public func close() {
        timer.withLock { $0?.cancel() }
        server.stop(gracePeriod: .seconds(2))
    }

    /// Whether the listener still accepts connections.
    var isListening: Bool { server.isRunning }
}

/// The listener's request handler and its one result, shared with the thread that serves the browser.
final class RedirectCatcher: Sendable {
    private struct Waiting {
        var start: BrowserSignIn.Start?
        var result: Result<String, AuthError>?
        var continuation: CheckedContinuation<Result<String, AuthError>, Never>?
    }

    private let pages: RedirectPages
    /// Binds the return to the browser this interface opened.
    let binding = BrowserBinding()
    private let waiting = Mutex(Waiting())

    init(pages: RedirectPages) {
        self.pages = pages
    }

    /// The sign-in the listener waits for.
    var start: BrowserSignIn.Start? {
        get { waiting.withLock { $0.start } }
        set { waiting.withLock { $0.start = newValue } }
    }

    /// Answers the browser: the launch address sends it on to the provider; the first return of this sign-in
    /// (from that browser, once one started there) is kept; anything else is refused.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method.uppercased() == "GET", let start else {
            return HTTPResponse(status: 405)
        }
        if request.path == BrowserBinding.launchPath {
            return binding.launch(request, to: start.authURI.authURI) ?? page(pages.foreign, status: 400)
        }
        let address = Self.address(of: request, on: start.continueURI)
        let reading = start.reading(of: address)
        guard reading == .notAnAddress || binding.admits(request) else { return page(pages.foreign, status: 400) }
        switch reading {
        case .answered:
            return finish(.success(address)) ? page(pages.received) : page(pages.foreign, status: 409)
        case .refused:
            return finish(.success(address)) ? page(pages.cancelled) : page(pages.foreign, status: 409)
        case .foreign:
            return page(pages.foreign, status: 400)
        case .notAnAddress:
            return HTTPResponse(status: 404)
        }
    }

    /// Keeps `result` unless one was kept before; true when it was kept.
    @discardableResult
    func finish(_ result: Result<String, AuthError>) -> Bool {
        let continuation: CheckedContinuation<Result<String, AuthError>, Never>?? = waiting.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return .some(state.continuation)
        }
        guard let continuation else { return false }
        continuation?.resume(returning: result)
        return true
    }

    /// The kept result, once there is one.
    func wait() async -> Result<String, AuthError> {
        await withCheckedContinuation { continuation in
            let ready = waiting.withLock { state in
                if state.result == nil { state.continuation = continuation }
                return state.result
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The whole address the browser asked for (on `continueURI`'s scheme, host and port), as `signInWithIdp`'s
    /// `requestUri`.
    private static func address(of request: HTTPRequest, on continueURI: String) -> String {
        let base = continueURI.hasSuffix("/") ? String(continueURI.dropLast()) : continueURI
        var components = URLComponents()
        components.queryItems = request.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        // `+` would read as a space in a form-encoded query.
        let query = (components.percentEncodedQuery ?? "").replacing("+", with: "%2B")
        let path = PercentEncoding.encode(request.path, allowing: PercentEncoding.isPathAllowed)
        return base + (path.isEmpty ? "/" : path) + (query.isEmpty ? "" : "?" + query)
    }

    private func page(_ message: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse.htmlPage(title: "fauth-tui", message: message, status: status, language: pages.language)
    }
}

extension RedirectCatcher {
    /// Fails the wait with WEB_SIGN_IN_TIMED_OUT after `timeout` and stops `server`, unless cancelled first (the
    /// listener closed).
    func giveUp(after timeout: Duration, stopping server: HTTPServer) -> Task<Void, Never> {
        Task.detached { [self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            finish(.failure(AuthError(.webSignInTimedOut, detail: "no answer within \(timeout)")))
            server.stop(gracePeriod: .seconds(1))
        }
    }
}
