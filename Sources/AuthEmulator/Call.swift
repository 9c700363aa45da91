import AuthCore
import FoundationEssentials
import HTTPServer
import JSON
import LocalAuth

/// One account operation being served: its JSON fields, whether the caller is an administrator, and when.
struct Call {
    let fields: JSONFields
    /// Whether the request carries the owner credential (`HTTPRequest.carriesOwnerCredential`).
    let isAdmin: Bool
    let now: Date
    /// The request's `Host`, for links back to this server.
    let host: String?
    /// The client's address when it is remote (`HTTPRequest.remoteAddress`), for per-client limits.
    let client: String?

    /// A call of `request`, whose API key was checked and whose fields are decoded.
    init(request: HTTPRequest, fields: JSONFields, api: IdentityToolkitAPI) throws(APIError) {
        isAdmin = request.carriesOwnerCredential
        self.fields = fields
        host = request.header("host")
        client = request.remoteAddress
        _ = try fields.bool("returnSecureToken")
        now = api.engine.now
    }

    /// INSUFFICIENT_PERMISSION unless the caller is an administrator.
    func requireAdmin(_ what: String) throws(APIError) {
        guard isAdmin else { throw APIError("INSUFFICIENT_PERMISSION", "\(what) needs an admin credential") }
    }
}

extension HTTPRequest {
    /// Whether the request carries an administrator's OAuth 2 credential, as Firebase's emulator takes one:
    /// `Authorization: Bearer owner` (its stand-in, any letter case) or a production access token
    /// (`Bearer ya29.…`), which it cannot check and takes as the owner's.
    var carriesOwnerCredential: Bool {
        guard let authorization = header("authorization"), authorization.lowercased().hasPrefix("bearer ") else {
            return false
        }
        let token = authorization.dropFirst("bearer ".count)
        return token.lowercased() == "owner" || token.hasPrefix("ya29.")
    }
}

extension IdentityToolkitAPI {
    /// The live account an ID token names: an existing enabled account, and not revoked (`iat` before the
    /// account's `validSince`). The token is read as Firebase's emulator reads it (`IDToken.read`), or under
    /// production's rules checked as production checks it (signature, issuer, audience, expiry).
    ///
    /// Errors: INVALID_ID_TOKEN (absent, malformed or forged), TOKEN_EXPIRED (revoked, or under production's
    /// rules past `exp`), USER_NOT_FOUND, USER_DISABLED.
    func signedInAccount(_ idToken: String?, at now: Date) throws(APIError) -> (LocalAccount, VerifiedClaims) {
        guard let idToken, !idToken.isEmpty else { throw APIError("INVALID_ID_TOKEN") }
        let codec = try idTokens()
        let claims = try engineCall { () throws(AuthError) in
            projects.isStrict ? try codec.verify(idToken, now: now) : try codec.read(idToken)
        }
        guard let account = try engineCall({ () throws(AuthError) in try engine.account(uid: claims.uid) }) else {
            throw APIError("USER_NOT_FOUND")
        }
        guard !account.isDisabled else { throw APIError("USER_DISABLED") }
        guard !claims.isRevoked(validSince: account.validSince) else { throw APIError("TOKEN_EXPIRED") }
        return (account, claims)
    }

    /// `idToken`, `refreshToken` and `expiresIn` for a sign-in: a fresh ID token and the sign-in's refresh token
    /// (a new one when the sign-in carries none; in Firebase's emulator's shape unless production's rules apply). A sign-in that created its account announces the account here,
    /// where every sign-in ends.
    ///
    /// The token is issued no earlier than the sign-in itself: slow password hashing can put the account's
    /// creation (its `validSince`) after the moment the request began, and a token from before it would count
    /// as revoked.
    func tokens(for signIn: LocalSignIn, secondFactor: EnrolledFactor? = nil, signInAttributes: JSONValue? = nil,
                at now: Date) throws(APIError) -> [String: Any] {
        let codec = try idTokens()
        let idToken = try engineCall { () throws(AuthError) in
            try codec.mint(for: signIn.account, provider: signIn.provider, authTime: signIn.authTime,
                           now: max(now, signIn.authTime, signIn.account.validSince ?? now),
                           secondFactor: secondFactor.map { ($0.claimName, $0.id) },
                           developerClaims: signIn.developerClaims, signInAttributes: signInAttributes)
        }
        let refreshToken: String
        if let issued = signIn.refreshToken {
            refreshToken = issued
        } else {
            refreshToken = try engineCall { () throws(AuthError) in
                try engine.issueRefreshToken(for: signIn, secondFactor: secondFactor)
            }
        }
        if signIn.isNewUser { announce(.create, signIn.account) }
        let handedOut = projects.isStrict ? refreshToken
            : EmulatorRefreshToken.wrapping(refreshToken, for: signIn, secondFactor: secondFactor,
                                            projectID: projectID, tenantID: tenantID)
        return ["idToken": idToken, "refreshToken": handedOut, "expiresIn": String(Int(IDToken.lifetime))]
    }

    /// A sign-in response: the token triple with `localId`, the account's email and display name, and `kind`.
    func signInResponse(_ signIn: LocalSignIn, kind: String, at now: Date) throws(APIError) -> [String: Any] {
        var response = try tokens(for: signIn, at: now)
        response["kind"] = "identitytoolkit#\(kind)"
        response["localId"] = signIn.account.uid
        if let email = signIn.account.email { response["email"] = email }
        if let name = signIn.account.displayName { response["displayName"] = name }
        return response
    }
}
