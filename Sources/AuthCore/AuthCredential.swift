/// A credential that signs in, links or reauthenticates (Firebase's `AuthCredential`).
public enum AuthCredential: Sendable, Hashable {
    case emailPassword(email: String, password: String)
    case emailLink(email: String, link: String)
    case phone(verificationID: String, code: String)
    /// An identity-provider credential (Google, GitHub, OIDC, …) as `signInWithIdp` takes it.
    case identityProvider(providerID: String, token: String)

    /// The Firebase provider id this credential belongs to.
    public var providerID: String {
        switch self {
        case .emailPassword: "password"
        case .emailLink: "emailLink"
        case .phone: "phone"
        case .identityProvider(let id, _): id
        }
    }
}

extension AuthCredential: CustomStringConvertible {
    /// Never prints a secret.
    public var description: String { "AuthCredential(\(providerID))" }
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
