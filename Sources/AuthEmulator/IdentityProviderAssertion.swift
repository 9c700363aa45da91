import AuthCore
import FoundationEssentials
import JSON

/// What `signInWithIdp`'s `postBody` asserts: a provider id and the person's profile, read from an `id_token`
/// (a JWT whose payload is decoded, or a JSON object string) or a JSON `access_token`, as the Firebase
/// emulator accepts them.
struct IdentityProviderAssertion {
    /// Provider ids that name Firebase's own sign-in methods, never an identity provider.
    static let reservedProviderIDs: Set<String> = ["password", "emailLink", "phone", "anonymous"]

    var providerID: String
    var profile: IdentityProviderProfile
    /// The token as the provider gave it (`oauthIdToken` in responses), if it was an ID token.
    var idToken: String?
    /// The claims as a JSON string (`rawUserInfo`).
    var rawUserInfo: String

    /// Reads `postBody`.
    ///
    /// Errors: INVALID_CREDENTIAL_OR_PROVIDER_ID (no provider id or token), INVALID_PROVIDER_ID (a Firebase
    /// method's id), and those of the token's claims.
    init(postBody: String) throws(APIError) {
        let form = FormEncoding.decode(postBody)
        guard let providerID = form["providerId"], !providerID.isEmpty else {
            throw APIError("INVALID_CREDENTIAL_OR_PROVIDER_ID", "Invalid IdP response/credential: no providerId")
        }
        guard !Self.reservedProviderIDs.contains(providerID) else { throw APIError("INVALID_PROVIDER_ID") }
        let idToken = form["id_token"].flatMap { $0.isEmpty ? nil : $0 }
        guard let token = idToken ?? form["access_token"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw APIError("INVALID_CREDENTIAL_OR_PROVIDER_ID", "Invalid IdP response/credential: no token")
        }
        try self.init(providerID: providerID, token: token, isIDToken: idToken != nil)
    }

    /// Reads an ID token the emulator's authorization page issued for `providerID`.
    init(providerID: String, idToken: String) throws(APIError) {
        try self.init(providerID: providerID, token: idToken, isIDToken: true)
    }

    /// Reads the claims of `token`.
    ///
    /// Errors: INVALID_IDP_RESPONSE (the token is neither a JWT nor a JSON object, or has no `sub`).
    private init(providerID: String, token: String, isIDToken: Bool) throws(APIError) {
        guard let claimsData = Self.claims(of: token),
              let claims = (try? JSONValue(data: claimsData))?.anyValue as? [String: Any]
        else { throw APIError("INVALID_IDP_RESPONSE", "the token is neither a JWT nor a JSON object") }
        guard let subject = claims["sub"] as? String, !subject.isEmpty else {
            throw APIError("INVALID_IDP_RESPONSE", "the token has no sub")
        }
        let email = (claims["email"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let name = (claims["name"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        self.providerID = providerID
        self.profile = IdentityProviderProfile(subject: subject, email: email, displayName: name,
                                               isEmailVerified: Self.flag(claims["email_verified"]))
        self.idToken = isIDToken ? token : nil
        rawUserInfo = String(data: claimsData, encoding: .utf8) ?? "{}"
    }

    /// The credential the engine takes.
    var credential: IdentityProviderCredential {
        IdentityProviderCredential(providerID: providerID, idToken: idToken, simulatedProfile: profile)
    }

    /// The IdP fields every `signInWithIdp` answer carries, including the conflict ones.
    var responseFields: [String: Any] {
        var fields: [String: Any] = ["providerId": providerID, "federatedId": profile.subject,
                                     "rawUserInfo": rawUserInfo, "emailVerified": profile.isEmailVerified]
        if let email = profile.email { fields["email"] = email }
        if let name = profile.displayName {
            fields["displayName"] = name
            fields["fullName"] = name
        }
        if let idToken { fields["oauthIdToken"] = idToken }
        return fields
    }

    /// The JSON claims a token carries: the token itself when it is a JSON object, else a JWT's payload.
    private static func claims(of token: String) -> Data? {
        let trimmed = token.trimmingWhitespace()
        if trimmed.hasPrefix("{") { return Data(trimmed.utf8) }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return Base64URL.decode(parts[1])
    }

    /// `email_verified` as providers send it: a JSON boolean, or the string "true".
    private static func flag(_ value: Any?) -> Bool {
        if let string = value as? String { return string == "true" }
        if let flag = value as? Bool { return flag }
        if let number = value as? Double { return number != 0 }
        return false
    }
}
