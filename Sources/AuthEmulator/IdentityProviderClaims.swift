import AuthCore
import FoundationEssentials
import JSON

/// The claims of a provider token as Firebase's emulator takes them, unverified: a JWT's payload, or the token
/// itself when it is a JSON object. `sub` is required.
struct IdentityProviderClaims {
    /// Every claim of the token.
    let members: [String: JSONValue]
    /// The claims as the token carried them (`rawUserInfo` of generic providers).
    let text: String

    /// The claims of `token`, nil when it is neither a JSON object nor a JWT (or absent).
    ///
    /// Errors: INVALID_IDP_RESPONSE (a JSON object that does not parse, no `sub`, a `sub` that is not a string).
    static func parse(_ token: String?) throws(APIError) -> IdentityProviderClaims? {
        guard let token, !token.isEmpty else { return nil }
        let data: Data
        if token.hasPrefix("{") {
            data = Data(token.utf8)
        } else {
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let payload = Base64URL.decodeLeniently(parts[1]) else { return nil }
            data = payload
        }
        guard case .object(let members) = try? JSONValue(data: data) else {
            guard token.hasPrefix("{") else { return nil }
            throw APIError("INVALID_IDP_RESPONSE", "Unable to parse id_token: \(token) "
                               + "((Auth Emulator failed to parse fake id_token as strict JSON.))")
        }
        switch members["sub"] {
        case .string(let subject) where !subject.isEmpty:
            return IdentityProviderClaims(members: members, text: String(decoding: data, as: UTF8.self))
        case nil, .null, .string, .bool(false):
            throw APIError("INVALID_IDP_RESPONSE", """
                Invalid Idp Response: id_token missing required fields. ((Missing "sub" field. This field is \
                required and must be a unique identifier.))
                """)
        case .number, .bool, .array, .object:
            throw APIError("INVALID_IDP_RESPONSE", #"((The "sub" field must be a string.))"#)
        }
    }

    /// `sub`: the provider's id for the person (Firebase's `rawId`).
    var subject: String { string("sub") ?? "" }

    /// The claim `name` when it is a non-empty string.
    func string(_ name: String) -> String? {
        guard case .string(let value) = members[name], !value.isEmpty else { return nil }
        return value
    }

    /// The claim `name` read as JavaScript reads a condition: false, 0, "" and null are false.
    func flag(_ name: String) -> Bool {
        switch members[name] {
        case nil, .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array, .object: true
        }
    }
}
