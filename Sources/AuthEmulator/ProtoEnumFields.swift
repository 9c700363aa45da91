import JSON

/// The enum fields of Identity Toolkit's requests, whose values protobuf's JSON parser takes either by name or
/// by number (the Android SDK sends numbers, e.g. `"requestType": 6` for EMAIL_SIGNIN), with their values in
/// number order (from the API's discovery document).
enum ProtoEnumFields {
    private static let clientType = ["CLIENT_TYPE_UNSPECIFIED", "CLIENT_TYPE_WEB", "CLIENT_TYPE_ANDROID",
                                     "CLIENT_TYPE_IOS"]

    /// Values by field name (the names mean the same enum in every request that has them).
    static let values: [String: [String]] = [
        "requestType": ["OOB_REQ_TYPE_UNSPECIFIED", "PASSWORD_RESET", "OLD_EMAIL_AGREE", "NEW_EMAIL_ACCEPT",
                        "VERIFY_EMAIL", "RECOVER_EMAIL", "EMAIL_SIGNIN", "VERIFY_AND_CHANGE_EMAIL",
                        "REVERT_SECOND_FACTOR_ADDITION"],
        "clientType": clientType,
        "recaptchaVersion": ["RECAPTCHA_VERSION_UNSPECIFIED", "RECAPTCHA_ENTERPRISE"],
        "order": ["ORDER_UNSPECIFIED", "ASC", "DESC"],
        "sortBy": ["SORT_BY_FIELD_UNSPECIFIED", "USER_ID", "NAME", "CREATED_AT", "LAST_LOGIN_AT", "USER_EMAIL"],
        "operation": ["VERIFY_OP_UNSPECIFIED", "SIGN_UP_OR_IN", "REAUTH", "UPDATE", "LINK"],
        "passwordHashOrder": ["UNSPECIFIED_ORDER", "SALT_AND_PASSWORD", "PASSWORD_AND_SALT"],
        "tokenType": ["TOKEN_TYPE_UNSPECIFIED", "REFRESH_TOKEN", "ACCESS_TOKEN", "CODE"],
        "deleteAttribute": ["USER_ATTRIBUTE_NAME_UNSPECIFIED", "EMAIL", "DISPLAY_NAME", "PROVIDER", "PHOTO_URL",
                            "PASSWORD", "RAW_USER_INFO"],
    ]

    /// `members` with enum values given by number replaced by their names (also inside arrays); numbers that
    /// name no value are left for the operation to refuse.
    static func named(_ members: [String: JSONValue]) -> [String: JSONValue] {
        var named = members
        for (field, names) in values {
            if case .number(let number)? = members[field], let name = name(number, in: names) {
                named[field] = .string(name)
            } else if case .array(let items)? = members[field] {
                named[field] = .array(items.map { item in
                    guard case .number(let number) = item, let name = name(number, in: names) else { return item }
                    return .string(name)
                })
            }
        }
        return named
    }

    /// The value numbered `number`, nil when it is not a whole number within `names`.
    private static func name(_ number: Double, in names: [String]) -> String? {
        guard let index = Int(exactly: number), names.indices.contains(index) else { return nil }
        return names[index]
    }
}
