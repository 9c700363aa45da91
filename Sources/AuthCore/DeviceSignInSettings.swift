import FoundationEssentials

/// How a provider's button signs in by device code (RFC 8628) instead of a browser hand-off (ours; the
/// configuration's `deviceClientId` and its companions).
public struct DeviceSignInSettings: Sendable, Hashable {
    /// The OAuth client registered for devices with the provider.
    public var clientID: String
    /// The client's secret, for providers that want one even from a device (Google).
    public var clientSecret: String?
    /// Overrides of the provider's published endpoints; required for providers without known ones.
    public var deviceAuthorizationEndpoint: URL?
    public var tokenEndpoint: URL?

    public init(clientID: String, clientSecret: String? = nil, deviceAuthorizationEndpoint: URL? = nil,
                tokenEndpoint: URL? = nil) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
    }
}
