import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:signInWithIdp` as Firebase's emulator serves it: the credential is read from `requestUri`'s
    /// query, `postBody` and the fragment (see `IdentityProviderAssertion`), or is the browser hand-off
    /// `requestUri` came back from (with `sessionId`).
    ///
    /// Without `idToken`: signs in (or up); with one account per email, an unverified email that belongs to an
    /// account answers 200 `needConfirmation` with that account's `localId` and `verifiedProvider`, and no
    /// tokens. With `idToken`: links the identity to that user; an identity linked to any account, or (one
    /// account per email) an email of another account, is 400 FEDERATED_USER_ID_ALREADY_LINKED / EMAIL_EXISTS,
    /// or with `returnIdpCredential` 200 with `errorMessage` and the IdP fields (the credential the client
    /// keeps), and no tokens. With `signIn.allowDuplicateEmails` a provider's email joins no account: it stays
    /// on the identity. Every answer carries the IdP fields; a tenant's sign-ins name it in `tenantId`.
    func signInWithIdp(_ call: Call) throws(APIError) -> [String: Any] {
        if try call.fields.bool("returnRefreshToken") == true {
            throw APIError.notImplemented("returnRefreshToken is not implemented yet.")
        }
        if try call.fields.nonEmptyString("pendingIdToken") != nil {
            throw APIError.notImplemented("pendingIdToken is not implemented yet.")
        }
        let requestURI = try call.fields.string("requestUri")
        let request = try NormalizedRequestURI(requestURI: requestURI, postBody: try call.fields.string("postBody"))
        let assertion = if request["providerId"] == nil, let requestURI,
                           try call.fields.nonEmptyString("sessionId") != nil {
            try handoffAssertion(requestURI: requestURI, call)
        } else {
            try IdentityProviderAssertion(request)
        }
        var response = assertion.responseFields
        let allowingDuplicateEmails = settings.value.allowDuplicateEmails
        let outcome: LocalSignInOutcome
        if try call.fields.string("idToken") != nil {
            let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            do {
                let linked = try engine.linkIdentity(uid: account.uid, assertion.credential,
                                                     authTime: claims.authTime,
                                                     allowingDuplicateEmails: allowingDuplicateEmails)
                outcome = .signedIn(LocalSignIn(account: linked, provider: assertion.providerID,
                                                authTime: call.now, isNewUser: false))
            } catch {
                let failure = APIError(error)
                let collisions = ["FEDERATED_USER_ID_ALREADY_LINKED", "EMAIL_EXISTS"]
                guard try call.fields.bool("returnIdpCredential") == true, collisions.contains(failure.code)
                else { throw failure }
                response["errorMessage"] = failure.code
                return response
            }
        } else {
            do {
                outcome = try engine.signIn(identity: assertion.credential,
                                            allowingDuplicateEmails: allowingDuplicateEmails)
            } catch where error.code == .accountExistsWithDifferentCredential {
                return try needConfirmation(response, email: assertion.profile.email)
            } catch {
                throw APIError(error)
            }
        }
        if let tenantID { response["tenantId"] = tenantID }
        let fields = try firstFactorResponse(try passBlockingFunctions(outcome, assertion.blockingFunctionSignIn)) {
            (signIn) throws(APIError) in
            var fields = try tokens(for: signIn, signInAttributes: assertion.signInAttributes, at: call.now)
            fields["localId"] = signIn.account.uid
            if signIn.isNewUser { fields["isNewUser"] = true }
            if signIn.account.email == assertion.profile.email {
                fields["emailVerified"] = signIn.account.isEmailVerified
            }
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
            let firebaseMethods = ["password", "emailLink", "phone"]
            response["verifiedProvider"] = existing.providerIDs.filter { !firebaseMethods.contains($0) }
        }
        return response
    }

    /// `accounts:createAuthUri` for an email `identifier`: whether an account has it (as its email, or as an
    /// identity's) and its sign-in methods (lists, also when empty, as Firebase's emulator answers; only password
    /// and link ones when duplicate emails are allowed), with the given `sessionId` or a new one. With
    /// email-enumeration protection neither is told, as in production. With `providerId` it begins a browser
    /// hand-off instead.
    ///
    /// Errors: MISSING_IDENTIFIER, MISSING_CONTINUE_URI, INVALID_IDENTIFIER, INVALID_CONTINUE_URI (not
    /// absolute), in that order.
    func createAuthUri(_ call: Call) throws(APIError) -> [String: Any] {
        if let providerID = try call.fields.nonEmptyString("providerId") {
            return try createAuthUri(providerID: providerID, call)
        }
        guard let identifier = try call.fields.nonEmptyString("identifier") else {
            throw APIError("MISSING_IDENTIFIER")
        }
        guard let continueURI = try call.fields.nonEmptyString("continueUri") else {
            throw APIError("MISSING_CONTINUE_URI")
        }
        guard EmailAddress.isWellFormed(identifier) else { throw APIError("INVALID_IDENTIFIER") }
        guard AbsoluteURI.isAbsolute(continueURI) else { throw APIError("INVALID_CONTINUE_URI") }
        let methods: [String]
        let registered: Bool
        do {
            methods = try engine.signInMethods(email: identifier).filter { method in
                !settings.value.allowDuplicateEmails || method == "password" || method == "emailLink"
            }
            registered = try engine.account(emailOrIdentityEmail: identifier) != nil
        } catch {
            throw APIError("INVALID_IDENTIFIER")
        }
        let sessionID = try call.fields.nonEmptyString("sessionId") ?? SystemRandom.urlSafeToken()
        var response: [String: Any] = ["kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": sessionID]
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
