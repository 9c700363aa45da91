import AuthCore
import FoundationEssentials
import JSON
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:signInWithCustomToken`: signs in to (creating when new) the uid a custom token names (see
    /// `CustomTokenPayload`); a JWT's `tenant_id` must be the request's tenant (none for a project's own users);
    /// its `claims` reach the ID tokens of this sign-in, also when refreshed.
    ///
    /// Errors, in Firebase's emulator's order: MISSING_CUSTOM_TOKEN, INVALID_CUSTOM_TOKEN, TENANT_ID_MISMATCH,
    /// MISSING_IDENTIFIER (no uid), INVALID_CUSTOM_TOKEN (a uid over 128 characters), INVALID_CLAIMS (`claims` not
    /// an object), FORBIDDEN_CLAIM, USER_DISABLED.
    func signInWithCustomToken(_ call: Call) throws(APIError) -> [String: Any] {
        guard let token = try call.fields.nonEmptyString("token") else { throw APIError("MISSING_CUSTOM_TOKEN") }
        let payload = try CustomTokenPayload(token, now: call.now)
        if payload.isJWT, payload.members["tenant_id"] != tenantID.map(JSONValue.string) {
            throw APIError("TENANT_ID_MISMATCH")
        }
        guard let uid = payload.uid, !uid.isEmpty else { throw APIError("MISSING_IDENTIFIER") }
        guard uid.count <= 128 else { throw APIError("INVALID_CUSTOM_TOKEN", "uid must have at most 128 characters") }
        var developerClaims: String?
        if let claims = payload.members["claims"] {
            guard case .object(let members) = claims else { throw APIError("INVALID_CLAIMS") }
            try AccountChanges.checkReservedClaims(members)
            developerClaims = String(decoding: claims.data(), as: UTF8.self)
        }
        let outcome = try engineCall { () throws(AuthError) in
            try engine.signIn(customTokenUID: uid, developerClaims: developerClaims)
        }
        return try firstFactorResponse(outcome) { (signIn) throws(APIError) in
            var response = try tokens(for: signIn, at: call.now)
            response["kind"] = "identitytoolkit#VerifyCustomTokenResponse"
            response["isNewUser"] = signIn.isNewUser
            return response
        }
    }
}
