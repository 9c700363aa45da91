import AuthCore
import FoundationEssentials
import JSON

/// What `signInWithIdp`'s parameters assert, as Firebase's emulator reads them without asking the provider: a
/// provider id, the claims of an `id_token` (a JWT, or a JSON object) or JSON `access_token`, and for SAML
/// providers a `SAMLResponse`; with the user info the provider would have answered (`fakeFetchUserInfoFromIdp`).
struct IdentityProviderAssertion {
    /// Provider ids that name Firebase's own sign-in methods, never an identity provider.
    static let reservedProviderIDs: Set<String> = ["password", "emaillink", "phone", "anonymous"]

    /// The provider id, lower-cased as Firebase's emulator reads it.
    var providerID: String
    /// Who the provider says signed in; its email lower-cased.
    var profile: IdentityProviderProfile
    /// Google's `given_name` and `family_name`.
    var firstName: String?
    var lastName: String?
    /// The identity as responses name it: `https://accounts.google.com/<sub>` for Google, else the subject.
    var federatedID: String
    /// The provider's user info as a JSON string, in the provider's shape.
    var rawUserInfo: String?
    /// The token as the provider gave it (`oauthIdToken`), if it was an ID token.
    var idToken: String?
    /// `oauthAccessToken`: the access token given, or a stand-in clients can build a credential from.
    var accessToken: String
    /// A SAML assertion's attribute statements: the ID token's `sign_in_attributes`.
    var signInAttributes: JSONValue?

    /// Reads the merged parameters of `requestUri` and `postBody`.
    ///
    /// Errors: INVALID_CREDENTIAL_OR_PROVIDER_ID (no provider id), INVALID_PROVIDER_ID (a Firebase method's
    /// id), INVALID_IDP_RESPONSE (an ID token that does not parse, claims without a string `sub`, a SAML
    /// response without its assertion, subject or nameId), NOT_IMPLEMENTED (no token, or an access token
    /// that is not JSON claims).
    init(_ request: NormalizedRequestURI) throws(APIError) {
        guard let providerID = request["providerId"]?.lowercased() else {
            throw APIError("INVALID_CREDENTIAL_OR_PROVIDER_ID", "Invalid IdP response/credential: \(request.text)")
        }
        guard !Self.reservedProviderIDs.contains(providerID) else { throw APIError("INVALID_PROVIDER_ID") }
        let idToken = request["id_token"]
        let accessToken = request["access_token"]
        let claims: IdentityProviderClaims
        if let fromIDToken = try IdentityProviderClaims.parse(idToken) {
            claims = fromIDToken
        } else if let fromAccessToken = try IdentityProviderClaims.parse(accessToken) {
            claims = fromAccessToken
        } else {
            throw Self.unreadableCredential(providerID: providerID, idToken: idToken, accessToken: accessToken)
        }
        let saml: SAMLResponse? = if let text = request["SAMLResponse"] { try SAMLResponse(text) } else { nil }
        self.init(providerID: providerID, claims: claims, saml: saml, idToken: idToken, accessToken: accessToken)
    }

    /// Reads the claims the emulator's authorization page vouched for, as an ID token for `providerID`.
    init(providerID: String, idToken: String) throws(APIError) {
        guard let claims = try IdentityProviderClaims.parse(idToken) else {
            throw APIError("INVALID_IDP_RESPONSE", "the authorization page's claims do not parse")
        }
        self.init(providerID: providerID, claims: claims, saml: nil, idToken: idToken, accessToken: nil)
    }

    private init(providerID: String, claims: IdentityProviderClaims, saml: SAMLResponse?, idToken: String?,
                 accessToken: String?) {
        self.providerID = providerID
        self.idToken = idToken
        self.accessToken = accessToken ?? "FirebaseAuthEmulatorFakeAccessToken_\(providerID)"
        profile = IdentityProviderProfile(subject: claims.subject, email: claims.string("email")?.lowercased(),
                                          displayName: claims.string("name"),
                                          isEmailVerified: claims.flag("email_verified"),
                                          photoURL: claims.string("picture"),
                                          screenName: claims.string("screen_name"))
        federatedID = claims.subject
        signInAttributes = saml?.attributeStatements
        if providerID == "google.com" {
            federatedID = "https://accounts.google.com/\(claims.subject)"
            firstName = claims.string("given_name")
            lastName = claims.string("family_name")
            rawUserInfo = googleUserInfo(claims)
        } else if providerID.hasPrefix("saml.") {
            if let nameID = saml?.nameID, Self.looksLikeEmail(nameID) { profile.email = nameID }
            profile.isEmailVerified = true
            rawUserInfo = saml?.attributeStatements.map { String(decoding: $0.data(), as: UTF8.self) }
        } else {
            rawUserInfo = claims.text
        }
    }

    /// Google's userinfo answer for the claims: `id`, the profile, `verified_email`, `locale` and the scopes.
    private func googleUserInfo(_ claims: IdentityProviderClaims) -> String {
        var scopes = "openid https://www.googleapis.com/auth/userinfo.profile"
        if profile.email != nil { scopes += " https://www.googleapis.com/auth/userinfo.email" }
        var info: [String: JSONValue] = ["granted_scopes": .string(scopes), "id": .string(claims.subject),
                                         "verified_email": .bool(profile.isEmailVerified), "locale": .string("en")]
        let optional = ["name": profile.displayName, "given_name": firstName, "family_name": lastName,
                        "email": profile.email, "picture": profile.photoURL]
        for case let (name, value?) in optional { info[name] = .string(value) }
        return String(decoding: JSONValue.object(info).data(escapingSlashes: false), as: UTF8.self)
    }

    /// The error for parameters whose tokens give no claims.
    private static func unreadableCredential(providerID: String, idToken: String?, accessToken: String?)
        -> APIError {
        if let idToken {
            return APIError("INVALID_IDP_RESPONSE", "Unable to parse id_token: \(idToken) "
                                + "((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))")
        }
        let detail = if accessToken == nil {
            "The Auth Emulator only supports sign-in with credentials (id_token required)."
        } else if providerID == "google.com" || providerID == "apple.com" {
            "The Auth Emulator only support sign-in with \(providerID) using id_token, not access_token. "
                + "Please update your code to use id_token."
        } else {
            "The Auth Emulator does not support \(providerID) sign-in with credentials."
        }
        return APIError.notImplemented(detail)
    }

    /// Firebase's emulator's email check: one `@` with something on either side.
    private static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    /// The credential the engine takes.
    var credential: IdentityProviderCredential {
        IdentityProviderCredential(providerID: providerID, idToken: idToken, simulatedProfile: profile)
    }

    /// The IdP fields every `signInWithIdp` answer carries, including the conflict ones.
    var responseFields: [String: Any] {
        var fields: [String: Any] = ["kind": "identitytoolkit#VerifyAssertionResponse", "context": "",
                                     "providerId": providerID, "federatedId": federatedID,
                                     "emailVerified": profile.isEmailVerified, "oauthAccessToken": accessToken]
        let optional = ["email": profile.email, "displayName": profile.displayName,
                        "fullName": profile.displayName, "photoUrl": profile.photoURL,
                        "screenName": profile.screenName, "firstName": firstName, "lastName": lastName,
                        "rawUserInfo": rawUserInfo, "oauthIdToken": idToken]
        for case let (name, value?) in optional { fields[name] = value }
        return fields
    }
}
