import AuthCore
import FoundationEssentials
import JSON

/// Firebase ID tokens: JWTs with Firebase's claims, signed HS256 with the store's key.
///
/// Production signs RS256 with Google's rotating keys; a local emulator has no such keys, and clients only
/// decode the payload, so HMAC with a per-store secret gives the same shape and real tamper detection. The
/// emulator and the local client both mint them with the store's key, so either's token is good at the other.
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

    /// A codec for `projectID` (and `tenantID`) with the store's signing key (`idTokenSigningKey()`).
    public init(projectID: String, tenantID: String? = nil, key: [UInt8]) {
        self.projectID = projectID
        self.tenantID = tenantID
        self.key = key
    }

    /// The issuer claim.
    var issuer: String { issuerBase + projectID }

    /// The JOSE header of every token, Base64URL-encoded.
    private static let encodedHeader = Base64URL.encode(
        JSONValue.object(["alg": .string("HS256"), "typ": .string("JWT"), "kid": .string("fauth-tui-emulator")]).data())

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
        return try sign(claims)
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
        return try sign(claims)
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
        let invalid = AuthError(.invalidIdToken)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
              let claimsData = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2]),
              let header = (try? JSONValue(data: headerData))?.anyValue as? [String: Any],
              header["alg"] as? String == "HS256",
              HMACSHA256.isValid(signature, for: Data("\(parts[0]).\(parts[1])".utf8), key: key),
              let claims = (try? JSONValue(data: claimsData))?.anyValue as? [String: Any],
              claims["iss"] as? String == issuer, claims["aud"] as? String == projectID,
              let uid = claims["sub"] as? String, !uid.isEmpty,
              let issuedAt = Self.seconds(claims["iat"]), let expiry = Self.seconds(claims["exp"]),
              let authTime = Self.seconds(claims["auth_time"]),
              let firebase = claims["firebase"] as? [String: Any],
              let provider = firebase["sign_in_provider"] as? String,
              firebase["tenant"] as? String == tenantID
        else { throw invalid }
        guard Double(expiry) > now.timeIntervalSince1970 else { throw AuthError(.tokenExpired) }
        return VerifiedClaims(uid: uid, issuedAt: issuedAt, expiresAt: expiry, provider: provider,
                              authTime: Date(timeIntervalSince1970: TimeInterval(authTime)))
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
