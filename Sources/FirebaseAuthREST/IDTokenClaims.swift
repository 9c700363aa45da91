import AuthCore
import FoundationEssentials

/// The claims FirebaseUI reads from an ID token, decoded from the JWT payload without checking its signature
/// (the server checks every token it is sent; the client only reads what it was given).
struct IDTokenClaims: Decodable {
    struct Firebase: Decodable {
        enum CodingKeys: String, CodingKey {
            case signInProvider = "sign_in_provider", signInSecondFactor = "sign_in_second_factor"
        }

        var signInProvider: String?
        var signInSecondFactor: String?
    }

    enum CodingKeys: String, CodingKey {
        case authTime = "auth_time", issuedAt = "iat", expiresAt = "exp", firebase, userID = "user_id", subject = "sub", email, name
        case emailVerified = "email_verified", phoneNumber = "phone_number"
    }

    /// Seconds since 1970 of the last interactive sign-in.
    var authTime: Double?
    var issuedAt: Double?
    /// Seconds since 1970 when the token expires.
    var expiresAt: Double?
    var firebase: Firebase?
    var userID: String?
    var subject: String?
    var email: String?
    var emailVerified: Bool?
    var name: String?
    var phoneNumber: String?

    /// Decodes the payload (second, base64url part) of `jwt`; INTERNAL_ERROR when it is not a JWT.
    init(jwt: String) throws(AuthError) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let payload = Base64URL.decodeLeniently(parts[1]),
              let claims = try? JSONDecoder().decode(IDTokenClaims.self, from: payload) else {
            throw AuthError(.internalError, detail: "the ID token is not a readable JWT")
        }
        self = claims
    }

    /// `IDTokenResult` for the UI: provider, auth time (else issue time), second factor and expiry.
    func result() throws(AuthError) -> IDTokenResult {
        guard let provider = firebase?.signInProvider, let seconds = authTime ?? issuedAt else {
            throw AuthError(.internalError, detail: "the ID token lacks sign_in_provider or auth_time")
        }
        let secondFactor: SecondFactorType? = switch firebase?.signInSecondFactor {
        case "phone": .sms
        case "totp": .totp
        default: nil
        }
        return IDTokenResult(signInProvider: provider, authTime: Date(timeIntervalSince1970: seconds),
                             signInSecondFactor: secondFactor,
                             expirationDate: expiresAt.map(Date.init(timeIntervalSince1970:)))
    }

    /// The user as far as the token tells (its provider list holds only the sign-in provider), for when
    /// `accounts:lookup` cannot be reached; INTERNAL_ERROR without a uid.
    func provisionalUser(uid fallback: String?) throws(AuthError) -> User {
        guard let uid = userID ?? subject ?? fallback else {
            throw AuthError(.internalError, detail: "the ID token names no user")
        }
        let provider = firebase?.signInProvider
        let isAnonymous = provider == ProviderID.anonymous.rawValue
        return User(uid: uid, email: email, displayName: name, phoneNumber: phoneNumber, isAnonymous: isAnonymous,
                    isEmailVerified: emailVerified ?? false,
                    providerIDs: provider.map { isAnonymous || $0 == "custom" ? [] : [$0] } ?? [])
    }

}
