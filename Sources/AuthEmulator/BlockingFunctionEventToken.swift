import AuthCore
import FoundationEssentials
import JSON
import LocalAuth

/// The JWT an Auth emulator posts to a blocking function as `{"data": {"jwt": …}}`: the event, the user record
/// and how the user signs in, unsigned (`alg: none`) as Firebase's emulator sends it and as the Functions
/// emulator and the firebase-functions SDK in emulator mode accept it.
struct BlockingFunctionEventToken {
    /// How long the event is valid after it is issued, in seconds (Firebase's emulator: its 60 s deadline / 100).
    static let lifetime: Int64 = 600

    var event: BlockingFunctionEvent
    /// The function called: the token's audience.
    var functionURL: URL
    var projectID: String
    var tenantID: String?
    var account: LocalAccount
    var factors: [EnrolledFactor]
    var signIn: BlockingFunctionSignIn
    var config: BlockingFunctionsConfig

    /// The token's text: `header.payload.` with an empty signature.
    func encoded(at now: Date) -> String {
        IDToken.unsigned(payload(at: now))
    }

    /// The claims Firebase's emulator sends (`user_agent`, `ip_address` and `locale` are its fixed values).
    func payload(at now: Date) -> JSONValue {
        let issuedAt = EpochTime.seconds(now)
        var claims: [String: JSONValue] = [
            "iss": .string("https://securetoken.google.com/\(projectID)"),
            "aud": .string(functionURL.absoluteString),
            "iat": .number(Double(issuedAt)),
            "exp": .number(Double(issuedAt + Self.lifetime)),
            "event_id": .string(SystemRandom.urlSafeToken(byteCount: 12)),
            "event_type": .string(event.rawValue),
            "user_agent": .string("NotYetSupportedInFirebaseAuthEmulator"),
            "ip_address": .string("127.0.0.1"),
            "locale": .string("en"),
            "user_record": userRecord,
            "sub": .string(account.uid),
            "sign_in_method": .string(signIn.method),
        ]
        claims["sign_in_second_factor"] = signIn.secondFactor.map(JSONValue.string)
        claims["raw_user_info"] = signIn.rawUserInfo.map(JSONValue.string)
        claims["tenant_id"] = tenantID.map(JSONValue.string)
        if config.forwardsIDToken { claims["oauth_id_token"] = signIn.providerIDToken.map(JSONValue.string) }
        return .object(claims)
    }

    /// `user_record`: the account as the firebase-functions SDK reads it (snake_case fields).
    private var userRecord: JSONValue {
        var record: [String: JSONValue] = [
            "uid": .string(account.uid),
            "email_verified": .bool(account.isEmailVerified),
            "disabled": .bool(account.isDisabled),
            "custom_claims": Self.object(account.customAttributes),
            "provider_data": .array(UserInfo.providers(of: account).map(Self.provider)),
            "metadata": .object(metadata),
        ]
        record["email"] = account.email.map(JSONValue.string)
        record["display_name"] = account.displayName.map(JSONValue.string)
        record["photo_url"] = account.photoURL.map(JSONValue.string)
        record["phone_number"] = account.phoneNumber.map(JSONValue.string)
        record["tenant_id"] = tenantID.map(JSONValue.string)
        if !factors.isEmpty {
            record["multi_factor"] = .object(["enrolled_factors": .array(factors.map(Self.enrolledFactor))])
        }
        return .object(record)
    }

    /// `creation_time` and `last_sign_in_time`, in milliseconds.
    private var metadata: [String: JSONValue] {
        var metadata = ["creation_time": JSONValue.number(Double(EpochTime.milliseconds(account.createdAt)))]
        if let lastSignIn = account.lastSignInAt {
            metadata["last_sign_in_time"] = .number(Double(EpochTime.milliseconds(lastSignIn)))
        }
        return metadata
    }

    /// One `provider_data` entry from a `providerUserInfo` entry.
    private static func provider(_ info: [String: Any]) -> JSONValue {
        let names = ["providerId": "provider_id", "rawId": "uid", "email": "email", "displayName": "display_name",
                     "photoUrl": "photo_url", "phoneNumber": "phone_number"]
        var entry: [String: JSONValue] = [:]
        for (name, snakeName) in names {
            if let value = info[name] as? String { entry[snakeName] = .string(value) }
        }
        return .object(entry)
    }

    /// One `multi_factor.enrolled_factors` entry.
    private static func enrolledFactor(_ factor: EnrolledFactor) -> JSONValue {
        var entry: [String: JSONValue] = [
            "uid": .string(factor.id),
            "enrollment_time": .string(RFC3339.string(factor.enrolledAt, milliseconds: true)),
            "factor_id": .string(factor.claimName),
        ]
        entry["display_name"] = factor.displayName.map(JSONValue.string)
        entry["phone_number"] = factor.phoneNumber.map(JSONValue.string)
        return .object(entry)
    }

    /// Custom claims text as a JSON object (`{}` when there are none).
    private static func object(_ text: String?) -> JSONValue {
        guard let text, case .object(let members)? = try? JSONValue(data: Data(text.utf8)) else { return .object([:]) }
        return .object(members)
    }
}
