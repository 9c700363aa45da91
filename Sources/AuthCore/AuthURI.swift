import FoundationEssentials

/// What `createAuthUri` needs to begin a browser sign-in with a provider.
public struct AuthURIRequest: Sendable, Hashable {
    public var providerID: String
    /// Where the provider sends the browser back (a loopback address of this machine).
    public var continueURI: String
    /// OAuth scopes to ask for, besides the provider's defaults.
    public var scopes: [String]
    /// Extra parameters for the provider's authorization page (`prompt`, `login_hint`, …).
    public var customParameters: [String: String]

    public init(providerID: String, continueURI: String, scopes: [String] = [], customParameters: [String: String] = [:]) {
        self.providerID = providerID
        self.continueURI = continueURI
        self.scopes = scopes
        self.customParameters = customParameters
    }
}

/// A browser sign-in begun: the address to open and the session its answer belongs to.
public struct AuthURI: Sendable, Hashable {
    /// The provider's authorization page.
    public var authURI: String
    /// `createAuthUri`'s session, sent again with the answer.
    public var sessionID: String

    public init(authURI: String, sessionID: String) {
        self.authURI = authURI
        self.sessionID = sessionID
    }

    /// The OAuth `state` the authorization page must send back unchanged, nil when the address carries none.
    public var state: String? { IdentityProviderRedirect.queryValue("state", in: authURI) }
}

/// The address a provider sent the browser back to, with the session it answers.
public struct IdentityProviderRedirect: Sendable, Hashable {
    /// The whole address, as `signInWithIdp`'s `requestUri`.
    public var requestURI: String
    public var sessionID: String

    public init(requestURI: String, sessionID: String) {
        self.requestURI = requestURI
        self.sessionID = sessionID
    }

    /// What an address the browser came back to says about a sign-in whose `state` is `expectedState`.
    public enum Reading: Sendable, Hashable {
        /// The provider answered this sign-in with a code.
        case answered
        /// The provider answered this sign-in with an error (the person cancelled or was refused).
        case refused
        /// The address answers another sign-in (its `state` differs), or none.
        case foreign
        /// The text is not an http(s) address with a query.
        case notAnAddress
    }

    /// Reads `address` (a pasted or redirected address) against `expectedState`, compared in constant time.
    public static func read(_ address: String, expectedState: String) -> Reading {
        let (isAddress, answer) = query(of: address, expectedState: expectedState)
        guard isAddress else { return .notAnAddress }
        guard let items = answer else { return .foreign }
        if items.contains(where: { $0.name == "error" }) { return .refused }
        return items.contains(where: { $0.name == "code" || $0.name == "id_token" || $0.name == "access_token" })
            ? .answered : .foreign
    }

    /// Whether `address` is an http(s) address with a query, and that query when its `state` is `expectedState`
    /// (compared in constant time).
    static func query(of address: String, expectedState: String) -> (isAddress: Bool, items: [URLQueryItem]?) {
        guard let components = URLComponents(string: address.trimmingWhitespaceAndNewlines()),
              ["http", "https"].contains(components.scheme), let items = components.queryItems, !items.isEmpty
        else { return (false, nil) }
        guard let state = items.first(where: { $0.name == "state" })?.value, constantTimeEqual(state, expectedState)
        else { return (true, nil) }
        return (true, items)
    }

    /// The first value of query parameter `name` in `address`.
    public static func queryValue(_ name: String, in address: String) -> String? {
        URLComponents(string: address)?.queryItems?.first { $0.name == name }?.value
    }

    /// Whether two non-empty secrets are equal, in time that does not depend on where they differ.
    public static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count, !a.isEmpty else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
