import AuthCore
import FoundationEssentials
import JSON
import LocalAuth

extension IdentityToolkitAPI {
    /// The audience of every custom token.
    static let customTokenAudience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// `accounts:signInWithCustomToken`: signs in to (creating when new) the `uid` a custom token names; its
    /// `tenant_id` must be the request's tenant (none for a project's own users); its `claims` reach the ID
    /// tokens of this sign-in, also when refreshed. Unsigned tokens (`alg: none`, as Admin
    /// SDKs mint them in emulator mode) are accepted, and signed ones without checking the signature, as
    /// Firebase's emulator does: no service-account key is known here.
    func signInWithCustomToken(_ call: Call) throws(APIError) -> [String: Any] {
        guard let token = try call.fields.nonEmptyString("token") else { throw APIError("MISSING_CUSTOM_TOKEN") }
        let claims = try Self.customTokenClaims(token, now: call.now)
        let uid = claims["uid"] as? String ?? ""
        guard (1...128).contains(uid.count) else {
            throw APIError("INVALID_CUSTOM_TOKEN", "uid must have 1 to 128 characters")
        }
        if claims["tenant_id"] as? String != tenantID {
            throw APIError("TENANT_ID_MISMATCH")
        }
        var developerClaims: String?
        if let extra = claims["claims"] {
            guard let object = extra as? [String: Any],
                  let data = JSONValue(any: object)?.data() else {
                throw APIError("INVALID_CUSTOM_TOKEN", "claims must be an object")
            }
            developerClaims = try AccountChanges.checkedClaims(String(decoding: data, as: UTF8.self))
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

    /// The payload of a custom token, checked for shape, audience and expiry (INVALID_CUSTOM_TOKEN).
    private static func customTokenClaims(_ token: String, now: Date) throws(APIError) -> [String: Any] {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decodeLeniently(parts[0]),
              let payloadData = Base64URL.decodeLeniently(parts[1]),
              let header = (try? JSONValue(data: headerData))?.anyValue as? [String: Any],
              header["alg"] is String,
              let claims = (try? JSONValue(data: payloadData))?.anyValue as? [String: Any]
        else { throw APIError("INVALID_CUSTOM_TOKEN", "not a JWT") }
        guard claims["aud"] as? String == customTokenAudience else {
            throw APIError("INVALID_CUSTOM_TOKEN", "the audience is not Identity Toolkit")
        }
        // Production requires `exp`; Firebase's emulator reads neither `iat` nor `exp`, so that a test can reuse a
        // token. Here a missing or non-numeric `exp` is refused like a past one (issue 27 item 13).
        guard let expiry = claims["exp"] as? Double else {
            throw APIError("INVALID_CUSTOM_TOKEN", "exp must be a number of seconds")
        }
        guard expiry > now.timeIntervalSince1970 else { throw APIError("INVALID_CUSTOM_TOKEN", "the token has expired") }
        return claims
    }
}
