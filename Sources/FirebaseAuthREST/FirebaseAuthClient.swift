import AuthCore
import FoundationEssentials
import Synchronization

/// The `AuthClient` for Firebase Auth: Identity Toolkit v1/v2 and securetoken over REST, against a real
/// project or an emulator, with the session kept in a `SessionStore` between runs.
///
/// Tokens are refreshed when they have less than five minutes left, and once more (retrying the call once)
/// when the server answers TOKEN_EXPIRED. No error detail ever holds a password, token or code.
public final class FirebaseAuthClient: AuthClient, MessageInbox {
    /// The session in memory and whether it has been checked with the server since it was restored.
    struct State {
        var session: PersistedSession?
        var isValidated: Bool
    }

    /// How long before expiry an ID token is refreshed.
    static let refreshMargin: TimeInterval = 5 * 60
    /// The ID token lifetime assumed when an answer does not state one.
    static let defaultTokenLifetime: TimeInterval = 60 * 60
    /// The `requestUri`/`continueUri` sent with credentials obtained outside a redirect flow.
    static let localRequestURI = "http://localhost"

    /// Where requests go.
    public let endpoint: FirebaseEndpoint
    let transport: RESTTransport
    let sessionStore: any SessionStore
    let clock: @Sendable () -> Date
    let state: Mutex<State>
    let inboxLog = Mutex(InboxLog())
    /// Whether the emulator has said it serves this client's project by default (checked before the inbox).
    let servesInboxProject = Mutex(false)
    /// The project's reCAPTCHA Enterprise configuration, once read this session (when a challenge was asked for).
    let recaptchaConfig = Mutex<ProjectRecaptchaConfig?>(nil)

    /// A client for `endpoint` whose session starts as the one `sessionStore` holds (checked on the first
    /// `currentUser()`); requests go through `transport` (libcurl by default), each within `timeout` seconds.
    public init(endpoint: FirebaseEndpoint, sessionStore: any SessionStore,
                clock: @escaping @Sendable () -> Date = Date.init, transport: any HTTPTransport = CurlTransport.shared,
                timeout: TimeInterval = 15) {
        self.endpoint = endpoint
        self.sessionStore = sessionStore
        self.clock = clock
        self.transport = RESTTransport(http: transport, timeout: timeout)
        self.state = Mutex(State(session: sessionStore.load(), isValidated: false))
    }

    /// The error codes the server answered with that Firebase does not document, each shown as the generic error,
    /// for the app to log.
    public var unrecognizedErrorCodes: [String] { transport.unrecognized.all }

    /// POSTs `body` to an Identity Toolkit path (`v1/accounts:signUp`) and decodes the answer.
    func post<Response: Decodable>(_ path: String, _ body: RequestValue, as type: Response.Type,
                                   secrets: [String] = []) async throws(AuthError) -> Response {
        try await transport.send(try request(path, body, secrets: secrets), as: type)
    }

    /// POSTs `body` to an Identity Toolkit path whose answer carries nothing the client needs.
    func post(_ path: String, _ body: RequestValue, secrets: [String] = []) async throws(AuthError) {
        _ = try await transport.send(try request(path, body, secrets: secrets))
    }

    private func request(_ path: String, _ body: RequestValue, secrets: [String]) throws(AuthError) -> RESTRequest {
        guard let url = endpoint.identityToolkit(path) else {
            throw AuthError(.internalError, detail: "no URL for \(path) on this endpoint")
        }
        let operation = path.split(separator: "/").last.map(String.init) ?? path
        return RESTRequest(operation: operation, url: url, body: .json(body), secrets: secrets)
    }
}
