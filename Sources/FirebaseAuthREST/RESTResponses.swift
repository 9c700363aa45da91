import FoundationEssentials

/// The fields of every answer that can sign someone in (signUp, signInWith*, update, MFA finalize), including
/// the HTTP-200 outcomes that are not a sign-in: `needConfirmation`, `errorMessage`, `mfaPendingCredential`
/// and a phone number's `temporaryProof`.
struct SignInResponse: Decodable {
    var idToken: String?
    var refreshToken: String?
    var expiresIn: Seconds?
    var localId: String?
    var email: String?
    var needConfirmation: Bool?
    var errorMessage: String?
    var mfaPendingCredential: String?
    var mfaInfo: [MFAEnrollment]?
    var temporaryProof: String?
    var phoneNumber: String?
    /// `signInWithIdp`'s provider tokens (`returnIdpCredential`), kept when the identity collides.
    var oauthIdToken: String?
    var oauthAccessToken: String?
}

/// One enrolled second factor as `mfaInfo` lists it.
struct MFAEnrollment: Decodable {
    /// The `{}` that marks a TOTP factor.
    struct Marker: Decodable {}

    var mfaEnrollmentId: String?
    var displayName: String?
    /// The (obfuscated, at sign-in) phone number of an SMS factor.
    var phoneInfo: String?
    var totpInfo: Marker?
    /// RFC 3339.
    var enrolledAt: String?
}

/// `accounts:lookup`.
struct LookupResponse: Decodable {
    var users: [AccountInfo]?
}

/// One account as `accounts:lookup` returns it.
struct AccountInfo: Decodable {
    struct Provider: Decodable {
        var providerId: String?
    }

    var localId: String
    var email: String?
    var emailVerified: Bool?
    var displayName: String?
    var photoUrl: String?
    var phoneNumber: String?
    var providerUserInfo: [Provider]?
    var mfaInfo: [MFAEnrollment]?
}

/// securetoken's `v1/token` (snake_case).
struct SecureTokenResponse: Decodable {
    enum CodingKeys: String, CodingKey {
        case idToken = "id_token", refreshToken = "refresh_token", expiresIn = "expires_in"
    }

    var idToken: String
    var refreshToken: String
    var expiresIn: Seconds?
}

/// A lifetime in seconds, sent as a string ("3600") by the spec and accepted as a number too.
struct Seconds: Decodable {
    var value: TimeInterval

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
        } else if let number = Double(try container.decode(String.self)) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number of seconds")
        }
    }
}

/// `accounts:resetPassword`.
struct ResetPasswordResponse: Decodable {
    var email: String?
    var requestType: String?
}

/// `GET v1/recaptchaParams`.
struct RecaptchaParamsResponse: Decodable {
    var recaptchaSiteKey: String
}

/// `accounts:sendVerificationCode`.
struct SendVerificationCodeResponse: Decodable {
    var sessionInfo: String
}

/// `accounts:createAuthUri`.
struct CreateAuthURIResponse: Decodable {
    var signinMethods: [String]?
    /// With `providerId`: the provider's authorization page and the session its answer belongs to.
    var authUri: String?
    var sessionId: String?
}

/// `v2/accounts/mfaEnrollment:start`.
struct StartMFAEnrollmentResponse: Decodable {
    struct PhoneSession: Decodable {
        var sessionInfo: String
    }

    struct TOTPSession: Decodable {
        var sessionInfo: String
        var sharedSecretKey: String
        var hashingAlgorithm: String?
        var verificationCodeLength: Int?
        var periodSec: Int?
    }

    var phoneSessionInfo: PhoneSession?
    var totpSessionInfo: TOTPSession?
}

/// `v2/accounts/mfaSignIn:start`.
struct StartMFASignInResponse: Decodable {
    struct PhoneResponse: Decodable {
        var sessionInfo: String
    }

    var phoneResponseInfo: PhoneResponse?
}

/// An emulator's `GET /`: fauth-tui's names the project it serves by default, Firebase's does not.
struct EmulatorReadiness: Decodable {
    struct Status: Decodable {
        var projectId: String?
    }

    var authEmulator: Status?
}

/// An emulator's `/emulator/v1/projects/{id}/oobCodes`.
struct EmulatorOobCodes: Decodable {
    struct Entry: Decodable {
        var email: String?
        var oobCode: String
        var oobLink: String?
        var requestType: String?
        var newEmail: String?
        /// When it was sent (fauth-tui's emulator only; RFC 3339).
        var sentAt: String?
    }

    var oobCodes: [Entry]?
}

/// An emulator's `/emulator/v1/projects/{id}/verificationCodes`.
struct EmulatorVerificationCodes: Decodable {
    struct Entry: Decodable {
        var phoneNumber: String?
        var code: String
        var sessionInfo: String?
        /// When it was sent (fauth-tui's emulator only; RFC 3339).
        var sentAt: String?
    }

    var verificationCodes: [Entry]?
}
