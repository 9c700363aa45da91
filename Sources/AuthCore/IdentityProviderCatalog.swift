extension IdentityProviderButton {
    /// The identity providers FirebaseUI ships buttons for, in FirebaseUI's order.
    public static let builtIn: [IdentityProviderButton] = [
        IdentityProviderButton(providerID: "google.com", displayName: "Google"),
        IdentityProviderButton(providerID: "apple.com", displayName: "Apple"),
        IdentityProviderButton(providerID: "facebook.com", displayName: "Facebook"),
        IdentityProviderButton(providerID: "twitter.com", displayName: "X"),
        IdentityProviderButton(providerID: "github.com", displayName: "GitHub"),
        IdentityProviderButton(providerID: "microsoft.com", displayName: "Microsoft"),
        IdentityProviderButton(providerID: "yahoo.com", displayName: "Yahoo"),
    ]

    /// A built-in provider by Firebase id (`google.com`) or short name (`google`, and `x` for X).
    public static func builtIn(named name: String) -> IdentityProviderButton? {
        let id = name.lowercased() == "x" ? "twitter.com" : name.lowercased()
        return builtIn.first { $0.providerID == id || $0.providerID == id + ".com" }
    }

    /// GitHub's button (FirebaseUI's `OAuthProviderSwift.github()`).
    public static func github() -> IdentityProviderButton { builtIn(id: "github.com") }

    /// Microsoft's button (FirebaseUI's `OAuthProviderSwift.microsoft()`).
    public static func microsoft() -> IdentityProviderButton { builtIn(id: "microsoft.com") }

    /// Yahoo's button (FirebaseUI's `OAuthProviderSwift.yahoo()`).
    public static func yahoo() -> IdentityProviderButton { builtIn(id: "yahoo.com") }

    /// The built-in button with Firebase id `id`, which must be one of `builtIn`.
    static func builtIn(id: String) -> IdentityProviderButton {
        guard let button = builtIn.first(where: { $0.providerID == id }) else {
            preconditionFailure("\(id) is not a built-in identity provider")
        }
        return button
    }

    /// Whether the id names a custom OpenID Connect provider (`oidc.<name>`).
    public static func isCustomOIDC(_ providerID: String) -> Bool {
        providerID.hasPrefix("oidc.") && providerID.count > "oidc.".count
    }
}

extension AuthProvider {
    /// The names `init(name:)` accepts, custom `oidc.<name>` providers aside: what shell completion offers.
    public static let names = ["email", "emailLink", "phone", "anonymous"]
        + IdentityProviderButton.builtIn.map { $0.providerID == "twitter.com" ? "x" : String($0.providerID.dropLast(".com".count)) }

    /// Parses one entry of `--providers` / the configuration's `providers`: `email`, `emailLink`, `phone`,
    /// `anonymous`, a built-in identity provider (`google`, `github.com`, …) or a custom `oidc.<name>`.
    public init?(name: String) {
        switch name {
        case "email", "password": self = .email
        case "emailLink": self = .emailLink
        case "phone": self = .phone
        case "anonymous": self = .anonymous
        default:
            if let button = IdentityProviderButton.builtIn(named: name) {
                self = .identityProvider(button)
            } else if IdentityProviderButton.isCustomOIDC(name) {
                let displayName = String(name.dropFirst("oidc.".count))
                self = .identityProvider(IdentityProviderButton(providerID: name, displayName: displayName))
            } else {
                return nil
            }
        }
    }
}
