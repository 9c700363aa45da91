import FoundationEssentials
import JSON
import LocalAuth

/// A blocking function's answer, read as Firebase's emulator reads it: `userRecord` changes only the fields its
/// `updateMask` names (`displayName`, `photoUrl`, `disabled`, `emailVerified`, `customClaims`, and for
/// beforeSignIn `sessionClaims`); other names are ignored.
struct BlockingFunctionResponse {
    /// The account changes the function asked for.
    var changes = AccountChanges()
    /// Claims for this sign-in's tokens only (beforeSignIn's `sessionClaims`).
    var sessionClaims: [String: Any]?

    /// The answer in `body` to `event`.
    ///
    /// Errors: 500 BLOCKING_FUNCTION_ERROR_RESPONSE when the body is not JSON; 400 when `userRecord` has no
    /// `updateMask` or its session claims are not an object; CLAIMS_TOO_LARGE, INVALID_CLAIMS and FORBIDDEN_CLAIM
    /// for custom claims that are not acceptable.
    init(body: Data, event: BlockingFunctionEvent) throws(APIError) {
        guard let parsed = try? JSONValue(data: body) else {
            throw Self.failure(status: 500, "Response body is not valid JSON.")
        }
        guard let record = (parsed.anyValue as? [String: Any])?["userRecord"], !(record is JSONNull) else { return }
        guard let fields = record as? [String: Any], let mask = fields["updateMask"] as? String, !mask.isEmpty else {
            throw Self.failure(status: 400, "Response UserRecord is missing updateMask.")
        }
        for name in mask.split(separator: ",") {
            switch name {
            case "displayName": changes.displayName = Self.text(fields["displayName"])
            case "photoUrl": changes.photoURL = Self.text(fields["photoUrl"])
            case "disabled": changes.isDisabled = Self.isTruthy(fields["disabled"])
            case "emailVerified": changes.isEmailVerified = Self.isTruthy(fields["emailVerified"])
            case "customClaims":
                let claims = JSONValue(any: fields["customClaims"] ?? JSONNull()) ?? .null
                changes.customAttributes = try AccountChanges.checkedClaims(String(decoding: claims.data(),
                                                                                   as: UTF8.self))
            case "sessionClaims" where event == .beforeSignIn:
                guard let claims = fields["sessionClaims"], !(claims is JSONNull) else { continue }
                guard let object = claims as? [String: Any] else {
                    throw Self.failure(status: 400, "Response has malformed session claims.")
                }
                sessionClaims = object
            default: continue
            }
        }
    }

    /// A string, number or boolean as text; anything else clears the field ("").
    private static func text(_ value: Any?) -> String {
        switch value {
        case let string as String: string
        case let flag as Bool: flag ? "true" : "false"
        case let number as Double where number == number.rounded() && abs(number) < 1e15: String(Int64(number))
        case let number as Double: "\(number)"
        default: ""
        }
    }

    /// JavaScript's truthiness of a JSON value.
    private static func isTruthy(_ value: Any?) -> Bool {
        switch value {
        case let flag as Bool: flag
        case let number as Double: number != 0 && !number.isNaN
        case let string as String: !string.isEmpty
        case nil, is JSONNull: false
        default: true
        }
    }

    /// A BLOCKING_FUNCTION_ERROR_RESPONSE with Firebase's wording (`((…))` marks the part clients show).
    static func failure(status: Int, _ reason: String) -> APIError {
        APIError(status: status, code: "BLOCKING_FUNCTION_ERROR_RESPONSE", detail: "((\(reason)))",
                 canonicalStatus: status == 400 ? nil : "INTERNAL")
    }
}
