import AuthCore
import FoundationEssentials

/// Where and as whom a provider's RFC 8628 device authorization runs, and which of its tokens Firebase takes.
public struct DeviceAuthorizationProvider: Sendable, Equatable {
    /// Which token of the provider's answer goes to `signInWithIdp`.
    public enum TokenKind: String, Sendable, Equatable {
        case idToken = "id_token"
        case accessToken = "access_token"
    }

    /// Firebase's provider id, such as `google.com`.
    public var providerID: String
    /// The OAuth client registered for devices (the configuration's `deviceClientId`).
    public var clientID: String
    /// The client's secret, for providers that want one even from a device (Google).
    public var clientSecret: String?
    public var deviceAuthorizationEndpoint: URL
    public var tokenEndpoint: URL
    public var tokenKind: TokenKind
    /// Scopes asked for, space-separated in the request; none sends no `scope`.
    public var scopes: [String]

    public init(providerID: String, clientID: String, clientSecret: String? = nil, deviceAuthorizationEndpoint: URL,
                tokenEndpoint: URL, tokenKind: TokenKind, scopes: [String] = []) {
        self.providerID = providerID
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.tokenKind = tokenKind
        self.scopes = scopes
    }

    /// The provider's published endpoints for `providerID` (Google, GitHub, Microsoft), each overridable;
    /// nil for a provider without known endpoints when no override names both.
    public static func standard(providerID: String, clientID: String, clientSecret: String? = nil,
                                deviceAuthorizationEndpoint: URL? = nil, tokenEndpoint: URL? = nil)
        -> DeviceAuthorizationProvider? {
        let known = knownEndpoints[providerID]
        guard let authorize = deviceAuthorizationEndpoint ?? known?.authorize.flatMap(URL.init(string:)),
              let token = tokenEndpoint ?? known?.token.flatMap(URL.init(string:)) else { return nil }
        return DeviceAuthorizationProvider(providerID: providerID, clientID: clientID, clientSecret: clientSecret,
                                           deviceAuthorizationEndpoint: authorize, tokenEndpoint: token,
                                           tokenKind: known?.kind ?? .idToken, scopes: known?.scopes ?? ["openid"])
    }

    private static let knownEndpoints: [String: (authorize: String?, token: String?, kind: TokenKind,
                                                 scopes: [String])] = [
        "google.com": ("https://oauth2.googleapis.com/device/code", "https://oauth2.googleapis.com/token",
                       .idToken, ["openid", "email", "profile"]),
        "github.com": ("https://github.com/login/device/code", "https://github.com/login/oauth/access_token",
                       .accessToken, ["read:user", "user:email"]),
        "microsoft.com": ("https://login.microsoftonline.com/common/oauth2/v2.0/devicecode",
                          "https://login.microsoftonline.com/common/oauth2/v2.0/token",
                          .idToken, ["openid", "email", "profile"]),
    ]
}

extension DeviceAuthorizationProvider {
    /// The device sign-in `button` is configured for, asking for its scopes besides the provider's defaults;
    /// nil when it has none, or names no endpoints for a provider without published ones.
    public init?(button: IdentityProviderButton) {
        guard let settings = button.deviceSignIn,
              var provider = Self.standard(providerID: button.providerID, clientID: settings.clientID,
                                           clientSecret: settings.clientSecret,
                                           deviceAuthorizationEndpoint: settings.deviceAuthorizationEndpoint,
                                           tokenEndpoint: settings.tokenEndpoint) else { return nil }
        provider.scopes += button.scopes.filter { !provider.scopes.contains($0) }
        self = provider
    }
}
