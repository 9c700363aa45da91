import AuthCore
import Foundation

/// A second factor enrolled on an account.
public struct EnrolledFactor: Sendable, Hashable {
    /// The enrolment id (Firebase's `mfaEnrollmentId`).
    public var id: String
    /// SMS or TOTP.
    public var kind: SecondFactorType
    /// The name the user gave it, if any.
    public var displayName: String?
    /// The E.164 number of an SMS factor.
    public var phoneNumber: String?
    /// When it was enrolled.
    public var enrolledAt: Date

    /// What an ID token's `firebase.sign_in_second_factor` says for this kind: `phone` or `totp`.
    public var claimName: String {
        switch kind {
        case .sms: "phone"
        case .totp: "totp"
        }
    }
}

/// A TOTP enrolment waiting for its first code.
public struct TOTPEnrollmentSession: Sendable, Hashable {
    /// The session to finish the enrolment with.
    public var sessionInfo: String
    /// The shared secret, base32 (RFC 4648, unpadded).
    public var sharedSecretKey: String
    /// The deadline for finishing the enrolment.
    public var finalizeBy: Date

    /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`, for a QR code.
    public func otpauthURL(issuer: String, accountName: String) -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/\(issuer):\(accountName)"
        components.queryItems = [
            URLQueryItem(name: "secret", value: sharedSecretKey), URLQueryItem(name: "issuer", value: issuer),
            URLQueryItem(name: "algorithm", value: "SHA1"), URLQueryItem(name: "digits", value: String(TOTP.digits)),
            URLQueryItem(name: "period", value: String(Int(TOTP.period))),
        ]
        return components.string ?? ""
    }
}

/// A first-factor sign-in held back until a second factor is proven.
public struct MultiFactorChallenge: Sendable, Hashable {
    /// The opaque credential that names the held-back sign-in (Firebase's `mfaPendingCredential`).
    public var pendingCredential: String
    /// The factors that can complete it.
    public var factors: [EnrolledFactor]
}

/// A sign-in completed with a second factor.
public struct SecondFactorSignIn: Sendable, Hashable {
    /// The first-factor sign-in, now complete.
    public var signIn: LocalSignIn
    /// The factor that completed it.
    public var factor: EnrolledFactor
}

/// Why a multi-factor operation was refused, by Identity Toolkit's code.
public enum MultiFactorRefusal: String, Error, Sendable, Hashable {
    /// The account's email is not verified.
    case unverifiedEmail = "UNVERIFIED_EMAIL"
    /// The account cannot have second factors (anonymous, or no email).
    case unsupportedFirstFactor = "UNSUPPORTED_FIRST_FACTOR"
    /// That phone number is already a factor of the account.
    case secondFactorExists = "SECOND_FACTOR_EXISTS"
    /// The account already has the maximum number of factors.
    case secondFactorLimitExceeded = "SECOND_FACTOR_LIMIT_EXCEEDED"
    /// No such factor on the account (or not of the kind asked for).
    case enrollmentNotFound = "MFA_ENROLLMENT_NOT_FOUND"
    /// The pending credential is unknown, used or expired.
    case invalidPendingCredential = "INVALID_MFA_PENDING_CREDENTIAL"
}

/// A failed multi-factor operation: a refusal particular to second factors, or an ordinary auth error.
public enum MultiFactorError: Error, Sendable, Hashable {
    /// A second-factor rule refused the operation.
    case refused(MultiFactorRefusal)
    /// An error shared with the other operations (INVALID_CODE, SESSION_EXPIRED, USER_DISABLED, storage…).
    case auth(AuthError)
}
