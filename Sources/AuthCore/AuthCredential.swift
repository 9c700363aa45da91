/// A credential that signs in, links or reauthenticates (Firebase's `AuthCredential`).
public enum AuthCredential: Sendable, Hashable {
    case emailPassword(email: String, password: String)
    case emailLink(email: String, link: String)
    case phone(verificationID: String, code: String)
    /// An identity-provider credential (Google, GitHub, OIDC, …) as `signInWithIdp` takes it.
    case identityProvider(IdentityProviderCredential)

    /// The Firebase provider id this credential belongs to.
    public var providerID: ProviderID {
        switch self {
        case .emailPassword: .password
        case .emailLink: .emailLink
        case .phone: .phone
        case .identityProvider(let credential): ProviderID(rawValue: credential.providerID)
        }
    }

    /// The email a credential names, when it names one.
    public var email: String? {
        switch self {
        case .emailPassword(let email, _), .emailLink(let email, _): email
        case .phone: nil
        case .identityProvider(let credential): credential.simulatedProfile?.email
        }
    }
}

extension AuthCredential: CustomStringConvertible {
    /// Never prints a secret.
    public var description: String { "AuthCredential(\(providerID))" }
}

/// Proof of an identity at a provider such as `google.com`, `github.com` or `oidc.line`.
public struct IdentityProviderCredential: Sendable, Hashable {
    public var providerID: String
    /// The provider's OpenID Connect ID token, when it issued one.
    public var idToken: String?
    /// The provider's OAuth access token, when it issued one.
    public var accessToken: String?
    /// An identity asserted without a provider: only the local backend's simulated provider sheet makes
    /// these, and only the local backend accepts them.
    public var simulatedProfile: IdentityProviderProfile?
    /// The browser hand-off's end, when the credential comes from one: the address the provider sent the
    /// browser back to (with its one-time code) and the `createAuthUri` session it belongs to.
    public var redirect: IdentityProviderRedirect?

    public init(providerID: String, idToken: String? = nil, accessToken: String? = nil,
                simulatedProfile: IdentityProviderProfile? = nil, redirect: IdentityProviderRedirect? = nil) {
        self.providerID = providerID
        self.idToken = idToken
        self.accessToken = accessToken
        self.simulatedProfile = simulatedProfile
        self.redirect = redirect
    }
}

/// Who a provider says the person is.
public struct IdentityProviderProfile: Sendable, Hashable, Codable {
    /// The provider's stable id for the person (Firebase's `federatedId`).
    public var subject: String
    public var email: String?
    public var displayName: String?
    public var isEmailVerified: Bool
    /// The picture the provider shows for the person.
    public var photoURL: String?
    /// The person's handle at the provider (Twitter's `screen_name`).
    public var screenName: String?

    public init(subject: String, email: String?, displayName: String?, isEmailVerified: Bool,
                photoURL: String? = nil, screenName: String? = nil) {
        self.subject = subject
        self.email = email
        self.displayName = displayName
        self.isEmailVerified = isEmailVerified
        self.photoURL = photoURL
        self.screenName = screenName
    }
}

/// What a sent email link or code should open (Firebase's `ActionCodeSettings`).
public struct ActionCodeSettings: Sendable, Hashable, Codable {
    public var url: String
    public var handleCodeInApp: Bool

    public init(url: String, handleCodeInApp: Bool = true) {
        self.url = url
        self.handleCodeInApp = handleCodeInApp
    }
}
