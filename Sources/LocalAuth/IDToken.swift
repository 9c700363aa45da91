import AuthCore
import FoundationEssentials
import JSON

/// Firebase ID tokens: JWTs with Firebase's claims, signed HS256 with the store's key or unsigned (`alg: none`)
/// as Firebase's emulator issues them.
///
/// Production signs RS256 with Google's rotating keys; a local emulator has no such keys, and clients only
/// decode the payload, so HMAC with a per-store secret gives the same shape and real tamper detection. The local
/// client and `fauth-tui emulator --strict` mint signed ones with the store's key; `fauth-tui emulator` mints
/// unsigned ones and accepts both.
public struct IDToken: Sendable {
    /// How long a token is valid, as in production.
    public static let lifetime: TimeInterval = 60 * 60
    /// The project tokens are issued for when none is named, as `fauth-tui emulator` serves it (the `demo-`
    /// prefix marks a project that is not real).
    public static let defaultProjectID = "demo-fauth-tui"

    /// The project the tokens are issued for (`aud`, and the tail of `iss`).
    public let projectID: String
    /// The tenant the tokens belong to (`firebase.tenant`), if any.
    public let tenantID: String?
    let key: [UInt8]
    /// Where the issuer claim points before the project id: ID tokens and session cookies differ only there.
    public var issuerBase = "https://securetoken.google.com/"
    /// Whether minted tokens are signed HS256 with the key (production's shape), or unsigned (`alg: none`) as
    /// Firebase's emulator mints them.
    public var isSigned = true

    /// A codec for `projectID` (and `tenantID`) with the store's signing key (`idTokenSigningKey()`).
    public init(projectID: String, tenantID: String? = nil, key: [UInt8]) {
        self.projectID = projectID
        self.tenantID = tenantID
        self.key = key
    }

    /// The issuer claim.
    var issuer: String { issuerBase + projectID }

    /// The JOSE header of every signed token, Base64URL-encoded.
    private static let encodedHeader = Base64URL.encode(
        JSONValue.object(["alg": .string("HS256"), "typ": .string("JWT"), "kid": .string("fauth-tui-emulator")]).data())

    /// The JOSE header of every unsigned token, as Firebase's emulator writes it, Base64URL-encoded.
    private static let encodedUnsignedHeader = Base64URL.encode(
        JSONValue.object(["alg": .string("none"), "typ": .string("JWT")]).data())

    /// A token for `account` signed in with `provider` at `authTime`, issued `now`; `secondFactor` (`phone` or
    /// `totp`, and the factor's enrolment id) when the sign-in used one; `developerClaims` (a custom token's
    /// claims) and the account's custom claims are added unless they would replace a standard claim.
    public func mint(for account: LocalAccount, provider: String, authTime: Date, now: Date,
                     secondFactor: (name: String, id: String)? = nil, developerClaims: String? = nil,
                     signInAttributes: JSONValue? = nil, lifetime: TimeInterval = lifetime) throws(AuthError)
        -> String {
        var claims: [String: JSONValue] = [
            "iss": .string(issuer), "aud": .string(projectID), "sub": .string(account.uid),
            "user_id": .string(account.uid), "auth_time": Self.seconds(authTime), "iat": Self.seconds(now),
            "exp": Self.seconds(now.addingTimeInterval(lifetime)),
            "firebase": firebaseClaim(account: account, provider: provider, secondFactor: secondFactor,
                                      signInAttributes: signInAttributes),
        ]
        let custom = Self.jsonObject(account.customAttributes)
            .merging(Self.jsonObject(developerClaims)) { _, fromToken in fromToken }
        for (name, value) in custom where claims[name] == nil { claims[name] = value }
        if let email = account.email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(account.isEmailVerified)
        } else if account.isEmailVerified {
            claims["email_verified"] = .bool(true)  // set without an email, as Firebase's emulator sends it
        }
        if let phone = account.phoneNumber { claims["phone_number"] = .string(phone) }
        if let name = account.displayName { claims["name"] = .string(name) }
        if let photo = account.photoURL { claims["picture"] = .string(photo) }
        // Set for anonymous sign-ins only, as production and Firebase's emulator set it.
        if provider == ProviderID.anonymous.rawValue { claims["provider_id"] = .string(provider) }
        return try encode(claims)
    }

    /// `token`, which `verify` accepted, issued again by this codec's issuer `now` for `lifetime`: `iss`, `iat`
    /// and `exp` are replaced and every other claim is kept as it was (the second factor, custom claims), as
    /// production makes a session cookie from an ID token.
    public func reissue(_ token: String, now: Date, lifetime: TimeInterval) throws(AuthError) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[1]),
              case .object(var claims)? = try? JSONValue(data: data) else { throw AuthError(.invalidIdToken) }
        claims["iss"] = .string(issuer)
        claims["iat"] = Self.seconds(now)
        claims["exp"] = Self.seconds(now.addingTimeInterval(lifetime))
        return try encode(claims)
    }

    /// The token carrying `claims`: signed or not, as `isSigned` says.
    private func encode(_ claims: [String: JSONValue]) throws(AuthError) -> String {
        isSigned ? try sign(claims) : Self.unsigned(.object(claims))
    }

    /// An unsigned JWT (`alg: none`, empty signature) carrying `claims`, as Firebase's emulator issues its
    /// tokens.
    public static func unsigned(_ claims: JSONValue) -> String {
        encodedUnsignedHeader + "." + Base64URL.encode(claims.data(escapingSlashes: false)) + "."
    }

    /// The signed token carrying `claims`.
    private func sign(_ claims: [String: JSONValue]) throws(AuthError) -> String {
        let claimsJSON = JSONValue.object(claims).data(escapingSlashes: false)
        let signingInput = Self.encodedHeader + "." + Base64URL.encode(claimsJSON)
        guard let signature = HMACSHA256.mac(Data(signingInput.utf8), key: key) else {
            throw AuthError(.internalError, detail: "HMAC failed")
        }
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The claims of a token this project issued, checked like production checks them: HS256 signature,
    /// issuer, audience and expiry.
    ///
    /// Errors: INVALID_ID_TOKEN (malformed, forged, foreign), TOKEN_EXPIRED (past `exp`).
    public func verify(_ token: String, now: Date) throws(AuthError) -> VerifiedClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Self.object(Base64URL.decode(parts[0])),
              header["alg"] as? String == "HS256", isSignedWithKey(parts),
              let claims = Self.object(Base64URL.decode(parts[1])),
              claims["iss"] as? String == issuer, claims["aud"] as? String == projectID
        else { throw AuthError(.invalidIdToken) }
        let verified = try checked(claims)
        guard Double(verified.expiresAt) > now.timeIntervalSince1970 else { throw AuthError(.tokenExpired) }
        return verified
    }

    /// The claims of a token as Firebase's emulator reads it: unsigned (`alg: none`), or signed HS256 with this
    /// codec's key (a local client's); issuer, audience and expiry are not checked (Firebase's emulator lets no
    /// token expire, so a test may keep one).
    ///
    /// Errors: INVALID_ID_TOKEN (malformed, signed otherwise, forged, another tenant's).
    public func read(_ token: String) throws(AuthError) -> VerifiedClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Self.object(Base64URL.decodeLeniently(parts[0])),
              let claims = Self.object(Base64URL.decodeLeniently(parts[1])) else { throw AuthError(.invalidIdToken) }
        switch header["alg"] as? String {
        case "none":
            break
        case "HS256":
            guard isSignedWithKey(parts) else { throw AuthError(.invalidIdToken) }
        default:
            throw AuthError(.invalidIdToken)
        }
        return try checked(claims)
    }

    /// Whether the three `parts` of a JWT carry a canonical HS256 signature of the first two with the key.
    private func isSignedWithKey(_ parts: [Substring]) -> Bool {
        guard let signature = Base64URL.decode(parts[2]) else { return false }
        return HMACSHA256.isValid(signature, for: Data("\(parts[0]).\(parts[1])".utf8), key: key)
    }

    /// What `claims` say, when they have every claim a token of this codec's tenant carries.
    ///
    /// Errors: INVALID_ID_TOKEN.
    private func checked(_ claims: [String: Any]) throws(AuthError) -> VerifiedClaims {
        guard let uid = claims["sub"] as? String, !uid.isEmpty,
              let issuedAt = Self.seconds(claims["iat"]), let expiry = Self.seconds(claims["exp"]),
              let authTime = Self.seconds(claims["auth_time"]),
              let firebase = claims["firebase"] as? [String: Any],
              let provider = firebase["sign_in_provider"] as? String,
              firebase["tenant"] as? String == tenantID
        else { throw AuthError(.invalidIdToken) }
        return VerifiedClaims(uid: uid, issuedAt: issuedAt, expiresAt: expiry, provider: provider,
                              authTime: Date(timeIntervalSince1970: TimeInterval(authTime)))
    }

    /// The JSON object `data` holds; nil for nothing or anything else.
    private static func object(_ data: Data?) -> [String: Any]? {
        data.flatMap { (try? JSONValue(data: $0))?.anyValue as? [String: Any] }
    }

    /// The `firebase` claim: identities, provider, a SAML sign-in's `sign_in_attributes` and, after a second
    /// factor, `sign_in_second_factor` and `second_factor_identifier`.
    private func firebaseClaim(account: LocalAccount, provider: String, secondFactor: (name: String, id: String)?,
                               signInAttributes: JSONValue?) -> JSONValue {
        var claim: [String: JSONValue] = ["identities": Self.identities(of: account),
                                          "sign_in_provider": .string(provider)]
        if let tenantID { claim["tenant"] = .string(tenantID) }
        if let signInAttributes { claim["sign_in_attributes"] = signInAttributes }
        if let secondFactor {
            claim["sign_in_second_factor"] = .string(secondFactor.name)
            claim["second_factor_identifier"] = .string(secondFactor.id)
        }
        return .object(claim)
    }

    /// The members of a JSON object's text (custom claims, checked to be an object when stored); none for nil.
    static func jsonObject(_ text: String?) -> [String: JSONValue] {
        guard let text, case .object(let members) = try? JSONValue(data: Data(text.utf8)) else { return [:] }
        return members
    }

    /// `firebase.identities`: the account's email, phone and provider subjects by provider.
    private static func identities(of account: LocalAccount) -> JSONValue {
        var identities: [String: [JSONValue]] = [:]
        if let email = account.email { identities["email"] = [.string(email.lowercased())] }
        if let phone = account.phoneNumber { identities["phone"] = [.string(phone)] }
        for identity in account.identities {
            identities[identity.providerID, default: []].append(.string(identity.subject))
        }
        return .object(identities.mapValues(JSONValue.array))
    }

    /// A moment as a claim: whole seconds since 1970 (clamped into `EpochTime`'s range).
    private static func seconds(_ moment: Date) -> JSONValue {
        .number(Double(EpochTime.seconds(moment)))
    }

    /// A whole number of seconds within `EpochTime`'s range from a JSON claim; nil for anything else.
    private static func seconds(_ value: Any?) -> Int64? {
        guard let number = value as? Double, let seconds = Int64(exactly: number),
              EpochTime.secondsRange.contains(seconds) else { return nil }
        return seconds
    }
}

/// What a valid ID token says.
public struct VerifiedClaims: Sendable, Hashable {
    public var uid: String
    /// `iat`, in whole seconds since 1970.
    public var issuedAt: Int64
    /// `exp`, in whole seconds since 1970.
    public var expiresAt: Int64
    /// `firebase.sign_in_provider`.
    public var provider: String
    /// `auth_time`: when the sign-in the token continues happened.
    public var authTime: Date

    /// Whether an account changed at `validSince` (a password change, a revocation) revokes the token: it was
    /// issued in an earlier second.
    public func isRevoked(validSince: Date?) -> Bool {
        validSince.map { issuedAt < EpochTime.seconds($0) } ?? false
    }
}

extension IDToken {
    /// The tenant (`firebase.tenant`) a token says it belongs to, read without checking the token: it picks the
    /// scope whose key then checks it. Nil for no token, a malformed one or a project's own.
    public static func claimedTenant(_ token: String?) -> String? {
        let parts = token?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, let data = Base64URL.decodeLeniently(parts[1]),
              let claims = (try? JSONValue(data: data))?.anyValue as? [String: Any],
              let firebase = claims["firebase"] as? [String: Any] else { return nil }
        return firebase["tenant"] as? String
    }
}
