import AuthCore
import FoundationEssentials
import JSON

/// The payload of a custom token as Firebase's emulator reads it: a JWT, unsigned (`alg: none`, as Admin SDKs
/// mint them in emulator mode) or signed without a signature check (no service-account key is known here), or,
/// as only an emulator accepts, the payload itself as a JSON object string.
struct CustomTokenPayload {
    /// The audience of every custom token JWT.
    static let audience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// The payload's members.
    let members: [String: JSONValue]
    /// Whether it came as a JWT, whose audience, expiry and `tenant_id` are checked; a JSON object string's are
    /// not, as in Firebase's emulator.
    let isJWT: Bool

    /// Reads `token`: a JSON object string as it is; a JWT checked for shape, audience and expiry.
    ///
    /// Errors: INVALID_CUSTOM_TOKEN with Firebase's emulator's detail.
    init(_ token: String, now: Date) throws(APIError) {
        if token.hasPrefix("{") {
            guard case .object(let members)? = try? JSONValue(data: Data(token.utf8)) else {
                throw APIError("INVALID_CUSTOM_TOKEN",
                               "((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
            }
            self.members = members
            isJWT = false
            return
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decodeLeniently(parts[0]),
              let payloadData = Base64URL.decodeLeniently(parts[1]),
              case .object(let header)? = try? JSONValue(data: headerData), case .string? = header["alg"],
              case .object(let members)? = try? JSONValue(data: payloadData)
        else { throw APIError("INVALID_CUSTOM_TOKEN", "Invalid assertion format") }
        guard case .string(Self.audience)? = members["aud"] else {
            throw APIError("INVALID_CUSTOM_TOKEN", "((Invalid aud (audience): \(Self.text(of: members["aud"])) "
                + "Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))")
        }
        // Production requires `exp`; Firebase's emulator reads neither `iat` nor `exp`, so that a test can reuse a
        // token. Here a missing or non-numeric `exp` is refused like a past one (issue 27 item 13).
        guard case .number(let expiry)? = members["exp"] else {
            throw APIError("INVALID_CUSTOM_TOKEN", "exp must be a number of seconds")
        }
        guard expiry > now.timeIntervalSince1970 else { throw APIError("INVALID_CUSTOM_TOKEN", "the token has expired") }
        self.members = members
        isJWT = true
    }

    /// The account's uid: `uid`, else `user_id`; a number or boolean counts as its text, as in Firebase's
    /// emulator. Nil when neither is a string, number or boolean.
    var uid: String? {
        Self.primitiveText(members["uid"]) ?? Self.primitiveText(members["user_id"])
    }

    /// A string as it is, a number or boolean as JavaScript writes it; nil for anything else.
    private static func primitiveText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .bool(let flag)?: String(flag)
        case .number(let number)?: number.rounded() == number && abs(number) < 1e15
            ? String(Int64(number)) : String(number)
        case .null?, .array?, .object?, nil: nil
        }
    }

    /// A value as a JavaScript template writes it, for error details.
    private static func text(of value: JSONValue?) -> String {
        switch value {
        case nil: "undefined"
        case .string(let text)?: text
        case let value?: primitiveText(value) ?? String(decoding: value.data(), as: UTF8.self)
        }
    }
}
