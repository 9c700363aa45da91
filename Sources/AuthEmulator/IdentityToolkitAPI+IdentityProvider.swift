import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:signInWithIdp` with one account per email, from a provider token (`postBody`) or from the
    /// address a browser hand-off came back to (`requestUri` with `sessionId`).
    ///
    /// Without `idToken`: signs in (or up); an email that belongs to an account the provider may not take over
    /// answers 200 `needConfirmation` with that account's `localId` and `verifiedProvider`, and no tokens.
    /// With `idToken`: links the identity to that user; an identity or email of another account is 400
    /// FEDERATED_USER_ID_ALREADY_LINKED / EMAIL_EXISTS, or with `returnIdpCredential` 200 with `errorMessage`
    /// and the IdP fields (the credential the client keeps), and no tokens. A tenant's sign-ins name it in
    /// `tenantId`.
    func signInWithIdp(_ call: Call) throws(APIError) -> [String: Any] {
        guard let requestURI = try call.fields.nonEmptyString("requestUri") else {
            throw APIError("MISSING_REQUEST_URI")
        }
        let assertion: IdentityProviderAssertion
        if let postBody = try call.fields.nonEmptyString("postBody") {
            assertion = try IdentityProviderAssertion(postBody: postBody)
        } else if try call.fields.nonEmptyString("sessionId") != nil {
            assertion = try handoffAssertion(requestURI: requestURI, call)
        } else {
            throw APIError("INVALID_CREDENTIAL_OR_PROVIDER_ID", "Invalid IdP response/credential: no postBody")
        }
        let returnCredential = try call.fields.bool("returnIdpCredential") ?? false
        var response = assertion.responseFields
        response["kind"] = "identitytoolkit#VerifyAssertionResponse"
        let outcome: LocalSignInOutcome
        if try call.fields.string("idToken") != nil {
            let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            do {
                let linked = try engine.linkIdentity(uid: account.uid, assertion.credential,
                                                     authTime: claims.authTime)
                outcome = .signedIn(LocalSignIn(account: linked, provider: assertion.providerID,
                                                authTime: call.now, isNewUser: false))
            } catch {
                let failure = APIError(error)
                let collisions = ["FEDERATED_USER_ID_ALREADY_LINKED", "EMAIL_EXISTS"]
                guard returnCredential, collisions.contains(failure.code) else { throw failure }
                response["errorMessage"] = failure.code
                return response
            }
        } else {
            do {
                outcome = try engine.signIn(identity: assertion.credential)
            } catch where error.code == .accountExistsWithDifferentCredential {
                return try needConfirmation(response, email: assertion.profile.email)
            } catch {
                throw APIError(error)
            }
        }
        if let tenantID { response["tenantId"] = tenantID }
        let fields = try firstFactorResponse(try passBlockingFunctions(outcome, assertion.blockingFunctionSignIn)) {
            (signIn) throws(APIError) in
            var fields = try signInResponse(signIn, kind: "VerifyAssertionResponse", at: call.now)
            fields["isNewUser"] = signIn.isNewUser
            fields["emailVerified"] = signIn.account.isEmailVerified
            return fields
        }
        return response.merging(fields) { $1 }
    }

    /// The 200 answer for an IdP email that belongs to another account: who to sign in as first, and how.
    private func needConfirmation(_ fields: [String: Any], email: String?) throws(APIError) -> [String: Any] {
        var response = fields
        response["needConfirmation"] = true
        if let email, let existing = try engineCall({ () throws(AuthError) in try engine.account(email: email) }) {
            response["localId"] = existing.uid
            response["verifiedProvider"] = existing.providerIDs.filter { $0 != "phone" }
        }
        return response
    }

    /// `accounts:createAuthUri` for an email `identifier`: whether an account has it and its sign-in methods
    /// (lists, also when empty, as Firebase's emulator answers). With email-enumeration protection neither is
    /// told, as in production. With `providerId` it begins a browser hand-off instead.
    func createAuthUri(_ call: Call) throws(APIError) -> [String: Any] {
        if let providerID = try call.fields.nonEmptyString("providerId") {
            return try createAuthUri(providerID: providerID, call)
        }
        guard let identifier = try call.fields.nonEmptyString("identifier") else {
            throw APIError("MISSING_IDENTIFIER")
        }
        guard try call.fields.nonEmptyString("continueUri") != nil else { throw APIError("MISSING_CONTINUE_URI") }
        let methods: [String]
        let registered: Bool
        do {
            methods = try engine.signInMethods(email: identifier)
            registered = try engine.account(email: identifier) != nil
        } catch {
            throw APIError("INVALID_IDENTIFIER")
        }
        var response: [String: Any] = ["kind": "identitytoolkit#CreateAuthUriResponse",
                                       "sessionId": SystemRandom.urlSafeToken()]
        guard !settings.value.emailEnumerationProtection else { return response }
        response["registered"] = registered
        response["signinMethods"] = methods
        var providers: [String] = []
        for method in methods.map({ $0 == "emailLink" ? "password" : $0 }) where !providers.contains(method) {
            providers.append(method)
        }
        response["allProviders"] = providers
        return response
    }
}
