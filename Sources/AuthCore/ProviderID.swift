/// A Firebase provider id: `password`, `emailLink`, `phone`, `anonymous`, or an identity provider's (`google.com`,
/// `oidc.line`). The one spelling of a sign-in method that accounts, ID tokens, credentials and the configured
/// methods share.
public struct ProviderID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }

    /// Email and password.
    public static let password: ProviderID = "password"
    /// Firebase's sign-in method id for email links (`EmailAuthProvider.emailLinkSignInMethod`).
    public static let emailLink: ProviderID = "emailLink"
    public static let phone: ProviderID = "phone"
    /// A guest's session.
    public static let anonymous: ProviderID = "anonymous"

    /// What an ID token's `firebase.sign_in_provider` calls a sign-in with this method: an emailed link is a
    /// `password` sign-in, as Firebase says; the account's sign-in methods still tell `emailLink` apart.
    public var signInProviderClaim: ProviderID { self == .emailLink ? .password : self }
}

extension AuthProvider {
    /// The provider id of this sign-in method: what an account lists once it is linked, and what makes two
    /// configured entries the same method (a custom provider listed twice with different labels is still one).
    public var providerID: ProviderID {
        switch self {
        case .email: .password
        case .emailLink: .emailLink
        case .phone: .phone
        case .anonymous: .anonymous
        case .identityProvider(let button): ProviderID(rawValue: button.providerID)
        }
    }
}

extension User {
    /// The sign-in methods linked to the account.
    public var providers: [ProviderID] { providerIDs.map(ProviderID.init(rawValue:)) }
}
