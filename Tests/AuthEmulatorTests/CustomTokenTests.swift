import AuthEmulator
import Foundation
import Testing
import TestSupport

/// A custom token as Admin SDKs mint it in emulator mode: `alg: none`, empty signature.
func customToken(uid: String, claims: [String: Any]? = nil, audience: String? = nil, expiresAt: Double? = nil,
                 tenant: String? = nil) throws -> String {
    try customToken(uid: uid, claims: claims, audience: audience, expiry: expiresAt ?? 1_800_003_600, tenant: tenant)
}

/// A custom token whose `exp` is `expiry` as given (any JSON value), or absent when nil.
func customToken(uid: String, claims: [String: Any]? = nil, audience: String? = nil, expiry: Any?,
                 tenant: String? = nil) throws -> String {
    func encode(_ object: [String: Any]) throws -> String {
        try JSONSerialization.data(withJSONObject: object).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    var payload: [String: Any] = [
        "iss": "firebase-auth-emulator@example.com", "sub": "firebase-auth-emulator@example.com", "uid": uid,
        "aud": audience ?? "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit",
        "iat": 1_800_000_000,
    ]
    if let expiry { payload["exp"] = expiry }
    if let claims { payload["claims"] = claims }
    if let tenant { payload["tenant_id"] = tenant }
    return "\(try encode(["alg": "none", "typ": "JWT"])).\(try encode(payload))."
}

@Suite("Custom tokens and session cookies")
struct CustomTokenTests {
    @Test("an unsigned custom token signs in (creating the account); its claims stay through refreshes")
    func customTokenSignIn() throws {
        let emulator = try Emulator()
        let token = try customToken(uid: "worker-1", claims: ["premium": true])
        let reply = emulator.call("signInWithCustomToken", ["token": token, "returnSecureToken": true])
        #expect(reply.status == 200 && reply.bool("isNewUser") == true)
        let claims = try jwtClaims(try #require(reply.string("idToken")))
        #expect(claims["sub"]?.stringValue == "worker-1" && claims["premium"] == .bool(true))
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "custom")
        let refreshed = emulator.refresh(try #require(reply.string("refreshToken")))
        #expect(try jwtClaims(try #require(refreshed.string("id_token")))["premium"] == .bool(true))
        let again = emulator.call("signInWithCustomToken", ["token": token])
        #expect(again.bool("isNewUser") == false)
    }

    @Test("malformed, foreign, expired and reserved-claim tokens are refused")
    func customTokenErrors() throws {
        let emulator = try Emulator()
        #expect(emulator.call("signInWithCustomToken", [:]).errorCode == "MISSING_CUSTOM_TOKEN")
        #expect(emulator.call("signInWithCustomToken", ["token": "nope"]).errorCode == "INVALID_CUSTOM_TOKEN")
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: "a", audience: "x")]).errorCode
            == "INVALID_CUSTOM_TOKEN")
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: "a", expiresAt: 1)]).errorCode
            == "INVALID_CUSTOM_TOKEN")
        // Issue 27 item 13: a string `exp`, even a past one, or none at all was accepted.
        for expiry in ["1", "1800003600", nil] as [Any?] {
            let reply = emulator.call("signInWithCustomToken", ["token": try customToken(uid: "a", expiry: expiry)])
            #expect(reply.errorCode == "INVALID_CUSTOM_TOKEN", "exp \(String(describing: expiry))")
        }
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: "")]).errorCode
            == "MISSING_IDENTIFIER")
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: String(repeating: "u", count: 129))])
            .errorCode == "INVALID_CUSTOM_TOKEN")
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: "a", claims: ["iss": "x"])])
            .errorCode == "FORBIDDEN_CLAIM")
        // Firebase's emulator names the first reserved claim of its own list (`exp` before `auth_time`).
        let reserved = emulator.call("signInWithCustomToken", [
            "token": try customToken(uid: "a", claims: ["auth_time": 1, "exp": 1, "premium": true]),
        ])
        #expect(reserved.errorMessage == "FORBIDDEN_CLAIM : exp")
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: "a", tenant: "t-1")]).errorCode
            == "TENANT_ID_MISMATCH")
    }

    @Test("a JSON object string is a custom token too: no audience or expiry, a numeric uid counts as text")
    func jsonObjectCustomToken() throws {
        let emulator = try Emulator()
        let reply = emulator.call("signInWithCustomToken", ["token": #"{"uid": 42, "claims": {"premium": true}}"#])
        #expect(reply.status == 200 && reply.bool("isNewUser") == true)
        let claims = try jwtClaims(try #require(reply.string("idToken")))
        #expect(claims["sub"]?.stringValue == "42" && claims["premium"] == .bool(true))
        #expect(emulator.call("signInWithCustomToken", ["token": #"{"user_id": "w-2"}"#]).status == 200)
        #expect(emulator.call("signInWithCustomToken", ["token": #"{"uid": ""}"#]).errorCode == "MISSING_IDENTIFIER")
        #expect(emulator.call("signInWithCustomToken", ["token": #"{"uid": "a", "claims": [1]}"#]).errorCode
            == "INVALID_CLAIMS")
        #expect(emulator.call("signInWithCustomToken", ["token": #"{"uid": "a""#]).errorMessage
            == "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
    }

    @Test("a session cookie carries the user's claims, comes from session.firebase.google.com, and lasts as asked")
    func sessionCookie() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp()
        let path = projectPath(":createSessionCookie")
        let reply = emulator.admin("POST", path, ["idToken": idToken, "validDuration": "600"])
        let claims = try jwtClaims(try #require(reply.string("sessionCookie")))
        #expect(claims["iss"]?.stringValue == "https://session.firebase.google.com/\(testProject)")
        #expect(claims["sub"]?.stringValue == uid && claims["aud"]?.stringValue == testProject)
        #expect(claims["exp"] == .number(1_800_000_600))
        // Issue 27 item 13: the cookie keeps the ID token's custom claims (a custom token's here).
        let custom = emulator.call("signInWithCustomToken", ["token": try customToken(uid: "w", claims: ["premium": true])])
        let customCookie = emulator.admin("POST", path, ["idToken": try #require(custom.string("idToken"))])
        #expect(try jwtClaims(try #require(customCookie.string("sessionCookie")))["premium"] == .bool(true))
        #expect(emulator.admin("POST", path, ["idToken": idToken, "validDuration": "60"]).errorCode
            == "INVALID_DURATION")
        #expect(emulator.admin("POST", path, ["idToken": "x", "validDuration": "600"]).errorCode == "INVALID_ID_TOKEN")
        #expect(emulator.admin("POST", path, ["idToken": idToken], admin: false).errorCode == "INSUFFICIENT_PERMISSION")
        let keys = emulator.admin("GET", "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys", admin: false)
        #expect(keys.status == 200 && keys.array("keys").isEmpty)
    }
}
