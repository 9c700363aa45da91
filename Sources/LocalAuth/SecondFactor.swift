import AuthCore
import FoundationEssentials

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

    /// An SMS factor texting `phoneNumber` (E.164).
    public static func sms(id: String, displayName: String?, phoneNumber: String, enrolledAt: Date) -> EnrolledFactor {
        EnrolledFactor(id: id, kind: .sms, displayName: displayName, phoneNumber: phoneNumber, enrolledAt: enrolledAt)
    }

    /// A fresh enrolment id, shaped like Firebase's (28 letters and digits).
    public static func newID() -> String { SecureRandom.uid() }

    /// The number as a sign-in challenge shows it, as production masks it: `+` and every digit but the last
    /// four replaced by `*` (`+*******1234`).
    public var maskedPhoneNumber: String? {
        phoneNumber.map { PhoneNumber.masked($0, with: "*") }
    }

    /// What an ID token's `firebase.sign_in_second_factor` says for this kind: `phone` or `totp`.
    public var claimName: String { kind.claimName }
}

extension SecondFactorType {
    /// What an ID token's `firebase.sign_in_second_factor` says for this kind: `phone` or `totp`.
    public var claimName: String {
        switch self {
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

    /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…` (SHA1, 6 digits and 30 s are the defaults), for a QR code.
    public func otpauthURL(issuer: String, accountName: String) -> String {
        TOTPSecret.otpauthURL(sharedSecretKey: sharedSecretKey, issuer: issuer, accountName: accountName,
                              digits: TOTP.digits, period: Int(TOTP.period))
    }
}

/// A first-factor sign-in held back until a second factor is proven.
public struct MultiFactorChallenge: Sendable, Hashable {
    /// The opaque credential that names the held-back sign-in (Firebase's `mfaPendingCredential`).
    public var pendingCredential: String
    /// The factors that can complete it.
    public var factors: [EnrolledFactor]
    /// The account the first factor proved.
    public var account: LocalAccount
}

/// What a first factor achieves: a sign-in, or, for an account with second factors, a challenge.
///
/// Every sign-in of the engine answers with this, so no caller can skip the second factor.
public enum LocalSignInOutcome: Sendable, Hashable {
    /// The account had no second factor: signed in.
    case signedIn(LocalSignIn)
    /// The sign-in waits for one of the account's second factors.
    case secondFactorRequired(MultiFactorChallenge)

    /// The account the first factor proved.
    public var account: LocalAccount {
        switch self {
        case .signedIn(let signIn): signIn.account
        case .secondFactorRequired(let challenge): challenge.account
        }
    }
}

/// A sign-in completed with a second factor.
public struct SecondFactorSignIn: Sendable, Hashable {
    /// The first-factor sign-in, now complete.
    public var signIn: LocalSignIn
    /// The factor that completed it.
    public var factor: EnrolledFactor
}
