import AuthCore
import FoundationEssentials
import JSON
import LocalAuth

extension AccountChanges {
    /// Claims Firebase sets itself, which custom claims may not use, in the order Firebase's emulator looks for
    /// them (the first one found is named).
    static let reservedClaims = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time",
        "firebase", "at_hash", "c_hash",
    ]
    /// Longest custom-claims text Firebase accepts.
    static let maximumCustomAttributesLength = 1000

    /// The profile fields of an Admin create or update request: `email` (lower-cased, as Firebase's emulator
    /// keeps it), `password`, `displayName`, `photoUrl`, `phoneNumber`, `emailVerified`, `customAttributes`; the
    /// state flag is `disabledField` (`disabled` to create, `disableUser` to update).
    init(fields: JSONFields, disabledField: String) throws(APIError) {
        self.init()
        email = try fields.string("email")?.lowercased()
        password = try fields.string("password")
        displayName = try fields.string("displayName")
        photoURL = try fields.string("photoUrl")
        phoneNumber = try fields.string("phoneNumber")
        isEmailVerified = try fields.bool("emailVerified")
        isDisabled = try fields.bool(disabledField)
        if let claims = try fields.string("customAttributes") { customAttributes = try Self.checkedClaims(claims) }
    }

    /// Whether anything only an administrator may change is set (a user's `validSince` is always now; a user
    /// may link an identity with `linkProviderUserInfo`, as in Firebase's emulator).
    var changesAdminFields: Bool {
        phoneNumber != nil || isEmailVerified != nil || isDisabled != nil || customAttributes != nil
    }

    /// Custom claims as Firebase accepts them: a JSON object of at most 1000 characters without reserved names.
    static func checkedClaims(_ text: String) throws(APIError) -> String {
        guard text.count <= maximumCustomAttributesLength else { throw APIError("CLAIMS_TOO_LARGE") }
        guard !text.isEmpty else { return text }
        guard case .object(let claims)? = try? JSONValue(data: Data(text.utf8)) else { throw APIError("INVALID_CLAIMS") }
        try checkReservedClaims(claims)
        return text
    }

    /// FORBIDDEN_CLAIM naming the first reserved claim `claims` uses.
    static func checkReservedClaims(_ claims: [String: JSONValue]) throws(APIError) {
        if let name = reservedClaims.first(where: { claims[$0] != nil }) { throw APIError("FORBIDDEN_CLAIM", name) }
    }

    /// An identity from `linkProviderUserInfo` (or an imported `providerUserInfo` entry).
    static func identity(_ fields: JSONFields) throws(APIError) -> LinkedIdentity {
        guard let providerID = try fields.nonEmptyString("providerId") else { throw APIError("MISSING_PROVIDER_ID") }
        guard let subject = try fields.nonEmptyString("rawId") else { throw APIError("MISSING_RAW_ID") }
        guard !["password", "phone", "emailLink", "anonymous"].contains(providerID) else {
            throw APIError("INVALID_PROVIDER_ID", "\(providerID) is not an identity provider")
        }
        let email = try fields.string("email")
        if let email, !EmailAddress.isWellFormed(email) { throw APIError("INVALID_EMAIL") }
        return LinkedIdentity(providerID: providerID, subject: subject, email: email,
                              displayName: try fields.string("displayName"), photoURL: try fields.string("photoUrl"),
                              screenName: try fields.string("screenName"))
    }
}
