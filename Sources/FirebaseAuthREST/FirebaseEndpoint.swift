import FoundationEssentials

/// Where Identity Toolkit is served: Google's production hosts, or an emulator on HOST:PORT.
public enum FirebaseEndpoint: Sendable, Hashable {
    /// Google's hosts, called with the project's Web API key.
    case production(apiKey: String)
    /// An Auth emulator (Firebase's or `fauth-tui emulator`); it accepts any non-empty API key.
    case emulator(host: String, port: Int, projectID: String, apiKey: String = FirebaseEndpoint.emulatorAPIKey)

    /// The API key sent to an emulator when none was given.
    public static let emulatorAPIKey = "fake-api-key"
    /// The port Firebase's Auth emulator listens on by default.
    public static let defaultEmulatorPort = 9099
    /// The project an emulator serves when none was named.
    public static let defaultEmulatorProject = "demo-fauth-tui"

    /// The key sent as `?key=` on every call.
    public var apiKey: String {
        switch self {
        case .production(let apiKey), .emulator(_, _, _, let apiKey): apiKey
        }
    }

    /// Whether this is an emulator, whose inbox can be read and whose simulated identities are accepted.
    public var isEmulator: Bool {
        if case .emulator = self { true } else { false }
    }

    /// A short name for the screen: "Firebase" or "Firebase emulator 127.0.0.1:9099 (demo-x)"; never the key.
    public var label: String {
        switch self {
        case .production: "Firebase"
        case .emulator(let host, let port, let projectID, _): "Firebase emulator \(host):\(port) (\(projectID))"
        }
    }

    /// What tells this endpoint apart when there is no room for the label: the emulator's host and port.
    public var address: String {
        switch self {
        case .production: "Firebase"
        case .emulator(let host, let port, _, _): "\(host):\(port)"
        }
    }

    /// `v1/accounts:signUp`, `v2/accounts/mfaEnrollment:start`, … on the Identity Toolkit host
    /// (nil only for a host no URL can carry).
    func identityToolkit(_ path: String) -> URL? {
        url(service: "identitytoolkit.googleapis.com", path: path)
    }

    /// securetoken's `v1/token`, which exchanges a refresh token for a new ID token.
    var secureToken: URL? {
        url(service: "securetoken.googleapis.com", path: "v1/token")
    }

    /// An emulator-only path under `/emulator/v1/projects/{id}/`, such as `oobCodes`; nil for production.
    func emulatorProject(_ path: String) -> URL? {
        guard case .emulator(_, _, let projectID, _) = self else { return nil }
        return url(service: "emulator", path: "v1/projects/\(projectID)/\(path)")
    }

    /// An emulator's root, which answers whether it is ready (with the key, like every call); nil for production.
    func emulatorRoot() -> URL? {
        guard case .emulator(let host, let port, _, _) = self else { return nil }
        var components = URLComponents()
        components.scheme = "http"
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.path = "/"
        components.queryItems = [URLQueryItem(name: "key", value: apiKey)]
        return components.url
    }

    /// An emulator's stand-in reCAPTCHA page (`fauth-tui emulator --require-recaptcha`); nil for production.
    var emulatorRecaptchaPage: String? {
        guard case .emulator(let host, let port, _, _) = self else { return nil }
        var components = URLComponents()
        components.scheme = "http"
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.path = "/emulator/auth/recaptcha"
        return components.string
    }

    /// A stable text naming this endpoint, hashed into the session file name.
    public var identity: String {
        switch self {
        case .production(let apiKey): "production|\(apiKey)"
        case .emulator(let host, let port, let projectID, _): "emulator|\(host)|\(port)|\(projectID)"
        }
    }

    private func url(service: String, path: String) -> URL? {
        var components = URLComponents()
        switch self {
        case .production:
            components.scheme = "https"
            components.host = service
            components.percentEncodedPath = "/" + path
        case .emulator(let host, let port, _, _):
            components.scheme = "http"
            components.host = host.contains(":") ? "[\(host)]" : host
            components.port = port
            components.percentEncodedPath = "/\(service)/" + path
        }
        components.queryItems = [URLQueryItem(name: "key", value: apiKey)]
        return components.url
    }
}
