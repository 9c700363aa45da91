import FoundationEssentials

/// Everything FirebaseUI's `AuthService` asks of Firebase Auth, by capability; each backend implements them all.
///
/// Every implementation passes the same contract suite. An operation a backend does not offer yet throws
/// `AuthError(.notImplemented)`, never a silent success. The interface's calls reach a client only through
/// `AuthService`, so FirebaseUI's rules (anonymous upgrade, allowed second factors) always apply.
public typealias AuthClient = SessionClient & EmailPasswordClient & EmailLinkClient & PhoneClient & CredentialClient
    & AccountClient & MultiFactorClient & RecaptchaClient

/// The decoded claims FirebaseUI reads from an ID token.
public struct IDTokenResult: Sendable, Hashable {
    public var signInProvider: String
    public var authTime: Date
    public var signInSecondFactor: SecondFactorType?
    /// When the ID token stops being accepted (every built-in backend tells); nil when a client does not.
    public var expirationDate: Date?

    public init(signInProvider: String, authTime: Date, signInSecondFactor: SecondFactorType? = nil,
                expirationDate: Date? = nil) {
        self.signInProvider = signInProvider
        self.authTime = authTime
        self.signInSecondFactor = signInSecondFactor
        self.expirationDate = expirationDate
    }
}

/// A TOTP secret being enrolled, with its `otpauth://` URL.
public struct TOTPSecret: Sendable, Hashable {
    public var sessionInfo: String
    public var sharedSecretKey: String
    public var qrCodeURL: String

    public init(sessionInfo: String, sharedSecretKey: String, qrCodeURL: String) {
        self.sessionInfo = sessionInfo
        self.sharedSecretKey = sharedSecretKey
        self.qrCodeURL = qrCodeURL
    }
}

extension TOTPSecret {
    /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…`, the key URI that authenticator apps scan from a QR code,
    /// with `algorithm`, `digits` and `period` only where they differ from the format's defaults (SHA1, 6, 30):
    /// every byte saved makes the code smaller.
    public static func otpauthURL(sharedSecretKey: String, issuer: String, accountName: String,
                                  algorithm: String? = nil, digits: Int = 6, period: Int = 30) -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/\(issuer):\(accountName)"
        var items = [URLQueryItem(name: "secret", value: sharedSecretKey), URLQueryItem(name: "issuer", value: issuer)]
        if let algorithm, algorithm.uppercased() != "SHA1" {
            items.append(URLQueryItem(name: "algorithm", value: algorithm))
        }
        if digits != 6 { items.append(URLQueryItem(name: "digits", value: String(digits))) }
        if period != 30 { items.append(URLQueryItem(name: "period", value: String(period))) }
        components.queryItems = items
        return components.string ?? ""
    }
}

/// Proof of a second factor, for enrolment or sign-in.
public enum MultiFactorAssertion: Sendable, Hashable {
    case phone(verificationID: String, code: String)
    case totp(sessionInfo: String, code: String)

    /// The kind of factor it proves.
    public var factorType: SecondFactorType {
        switch self {
        case .phone: .sms
        case .totp: .totp
        }
    }
}
