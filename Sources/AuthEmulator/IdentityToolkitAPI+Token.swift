import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

extension IdentityToolkitAPI {
    /// `securetoken.googleapis.com/v1/token` with `grant_type=refresh_token`, form-encoded or JSON (snake_case
    /// or camelCase names). Answers in snake_case with a fresh ID token; the refresh token stays the same and
    /// the sign-in's `auth_time` does not move. The token (`EmulatorRefreshToken`'s, or an opaque one) is looked
    /// for in every project and tenant served. A deleted user's is INVALID_REFRESH_TOKEN as in Firebase's
    /// emulator, USER_NOT_FOUND under production's rules.
    func refreshToken(_ request: HTTPRequest) throws(APIError) -> [String: Any] {
        let fields = try Self.tokenFields(request)
        guard let grantType = try fields.nonEmptyString(anyOf: "grant_type", "grantType") else {
            throw APIError("MISSING_GRANT_TYPE")
        }
        guard grantType == "refresh_token" else { throw APIError("INVALID_GRANT_TYPE") }
        guard let token = try fields.nonEmptyString(anyOf: "refresh_token", "refreshToken") else {
            throw APIError("MISSING_REFRESH_TOKEN")
        }
        let engineToken = EmulatorRefreshToken.engineToken(token)
        for (scope, engine) in projects.openScopes {
            let grant: RefreshTokenGrant?
            do {
                grant = try engine.redeemRefreshToken(engineToken)
            } catch where error.code == .userNotFound && !projects.isStrict {
                throw APIError("INVALID_REFRESH_TOKEN")
            } catch {
                throw APIError(error)
            }
            if let grant { return try scoped(scope, for: .read).refreshResponse(grant, token: token) }
        }
        throw APIError("INVALID_REFRESH_TOKEN")
    }

    /// The answer to a refresh that `grant` allows: a new ID token in this API's scope.
    private func refreshResponse(_ grant: RefreshTokenGrant, token: String) throws(APIError) -> [String: Any] {
        let now = engine.now
        let secondFactor = grant.secondFactor.flatMap { name in grant.secondFactorID.map { (name, $0) } }
        let codec = try idTokens()
        let idToken = try engineCall { () throws(AuthError) in
            try codec.mint(for: grant.account, provider: grant.provider, authTime: grant.authTime, now: now,
                           secondFactor: secondFactor, developerClaims: grant.developerClaims)
        }
        return [
            "id_token": idToken, "access_token": idToken, "refresh_token": token,
            "expires_in": String(Int(IDToken.lifetime)), "token_type": "Bearer",
            "user_id": grant.account.uid, "project_id": projectNumber,
        ]
    }

    /// The fields of a token request: JSON when it says so (or looks like it), else a form.
    private static func tokenFields(_ request: HTTPRequest) throws(APIError) -> JSONFields {
        let contentType = request.header("content-type")?.lowercased() ?? ""
        let looksLikeJSON = request.body.first.map { $0 == UInt8(ascii: "{") } ?? false
        if contentType.contains("json") || (!contentType.contains("form") && looksLikeJSON) {
            return try JSONFields(body: request.body)
        }
        guard let text = String(data: request.body, encoding: .utf8) else {
            throw .invalidArgument("The form body is not UTF-8.")
        }
        return JSONFields(values: FormEncoding.decode(text))
    }
}
