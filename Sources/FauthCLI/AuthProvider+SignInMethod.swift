import AuthCore

extension AuthProvider {
    /// What makes two entries the same sign-in method: its kind, or the identity provider's id (a custom
    /// provider listed twice with different labels is still one method).
    var signInMethod: String {
        switch self {
        case .email: "email"
        case .emailLink: "emailLink"
        case .phone: "phone"
        case .anonymous: "anonymous"
        case .identityProvider(let button): button.providerID
        }
    }
}
