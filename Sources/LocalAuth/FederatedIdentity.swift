import AuthCore

/// An identity-provider identity as this backend accepts it: a simulated profile under a provider id.
struct FederatedIdentity: Sendable, Hashable {
    /// Provider ids that name this backend's own methods, never an identity provider.
    private static let reservedProviderIDs = Set([ProviderID.password, .emailLink, .phone, .anonymous].map(\.rawValue))

    var providerID: String
    var profile: IdentityProviderProfile
    /// The profile's email, nil when the provider gave none.
    var email: String?
    /// The lowercased profile email.
    var emailKey: String?

    /// The identity a credential asserts; OPERATION_NOT_ALLOWED unless it carries a simulated profile (this
    /// backend cannot check real provider tokens), INVALID_EMAIL for a malformed profile email.
    init(_ credential: IdentityProviderCredential) throws(AuthError) {
        guard let profile = credential.simulatedProfile else {
            throw AuthError(.operationNotAllowed,
                            detail: "\(credential.providerID): the local backend accepts only simulated profiles")
        }
        guard !credential.providerID.isEmpty, !Self.reservedProviderIDs.contains(credential.providerID),
              !profile.subject.isEmpty
        else { throw AuthError(.operationNotAllowed, detail: "identity credential without a provider or subject") }
        providerID = credential.providerID
        self.profile = profile
        if let email = profile.email, !email.isEmpty {
            self.email = email
            emailKey = try Credentials.emailKey(email)
        }
    }

    /// Whether the provider vouches for the profile email.
    var hasVerifiedEmail: Bool { email != nil && profile.isEmailVerified }

    /// The identity as an account keeps it.
    var linked: LinkedIdentity {
        LinkedIdentity(providerID: providerID, subject: profile.subject, email: email,
                       displayName: profile.displayName, photoURL: profile.photoURL, screenName: profile.screenName)
    }
}
