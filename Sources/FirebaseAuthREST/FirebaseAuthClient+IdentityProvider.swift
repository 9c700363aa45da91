import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// `accounts:signInWithIdp` with the credential as `postBody`, linking to `idToken`'s user when given; with
    /// `createsAccount` false (reauthentication) an identity of no account is refused rather than signed up.
    ///
    /// A simulated profile goes as `id_token=` the JSON object `{"sub","email","email_verified","name"}`, which
    /// only emulators accept: against production it is refused with OPERATION_NOT_ALLOWED before any request.
    ///
    /// A credential from a browser sign-in goes as the address the browser came back to (`requestUri`, whose
    /// one-time code is a secret) with its `createAuthUri` session instead.
    func signInWithIdp(_ credential: IdentityProviderCredential, idToken: String?, createsAccount: Bool)
        async throws(AuthError) -> SignInResponse {
        var body: [String: RequestValue] = ["returnSecureToken": true, "returnIdpCredential": true]
        body["idToken"] = idToken.map(RequestValue.string)
        if !createsAccount { body["autoCreate"] = false }
        if let redirect = credential.redirect {
            body["requestUri"] = .string(redirect.requestURI)
            body["sessionId"] = .string(redirect.sessionID)
            return try await post("v1/accounts:signInWithIdp", .object(body), as: SignInResponse.self,
                                  secrets: [redirect.requestURI])
        }
        let fields = try postBodyFields(credential)
        body["requestUri"] = .string(Self.localRequestURI)
        body["postBody"] = .string(RESTRequest.formEncoded(fields))
        let tokens = fields.filter { $0.0 != "providerId" }.map(\.1)
        return try await post("v1/accounts:signInWithIdp", .object(body), as: SignInResponse.self, secrets: tokens)
    }

    /// `accounts:createAuthUri` with a provider: where the browser signs in, and the session of its answer.
    public func createAuthURI(_ request: AuthURIRequest) async throws(AuthError) -> AuthURI {
        var body: [String: RequestValue] = ["providerId": .string(request.providerID),
                                            "continueUri": .string(request.continueURI)]
        if !request.scopes.isEmpty { body["oauthScope"] = .string(request.scopes.joined(separator: " ")) }
        if !request.customParameters.isEmpty {
            body["customParameter"] = .object(request.customParameters.mapValues(RequestValue.string))
        }
        let response = try await post("v1/accounts:createAuthUri", .object(body), as: CreateAuthURIResponse.self)
        guard let authURI = response.authUri, let sessionID = response.sessionId else {
            throw AuthError(.internalError, detail: "createAuthUri answered without authUri or sessionId")
        }
        return AuthURI(authURI: authURI, sessionID: sessionID)
    }

    /// `id_token` and/or `access_token`, then `providerId`.
    func postBodyFields(_ credential: IdentityProviderCredential) throws(AuthError) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let profile = credential.simulatedProfile {
            guard endpoint.isEmulator else {
                throw AuthError(.operationNotAllowed, detail: "simulated identities are accepted only by emulators")
            }
            fields.append(("id_token", try Self.emulatorIDToken(profile)))
        } else {
            if let idToken = credential.idToken { fields.append(("id_token", idToken)) }
            if let accessToken = credential.accessToken { fields.append(("access_token", accessToken)) }
            guard !fields.isEmpty else {
                throw AuthError(.internalError, detail: "\(credential.providerID) credential without a token")
            }
        }
        fields.append(("providerId", credential.providerID))
        return fields
    }

    /// The JSON object an emulator takes in place of a provider's ID token.
    static func emulatorIDToken(_ profile: IdentityProviderProfile) throws(AuthError) -> String {
        struct Claims: Encodable {
            enum CodingKeys: String, CodingKey {
                case sub, email, emailVerified = "email_verified", name
            }

            var sub: String
            var email: String?
            var emailVerified: Bool
            var name: String?
        }
        let claims = Claims(sub: profile.subject, email: profile.email, emailVerified: profile.isEmailVerified,
                            name: profile.displayName)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(claims), let text = String(data: data, encoding: .utf8) else {
            throw AuthError(.internalError, detail: "simulated profile cannot be encoded")
        }
        return text
    }
}
