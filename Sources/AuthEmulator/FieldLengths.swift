import JSON

/// The longest strings accepted in fields that are kept (in a store, or in memory while a browser sign-in is under
/// way), wherever they appear in a request body: Firebase's documented limits where it has them, generous ones of
/// ours where it has none. Lengths count UTF-16 code units, as Java and JavaScript count characters.
enum FieldLengths {
    /// A display name: "less than or equal to 256 characters" (Identity Toolkit reference, `setAccountInfo`).
    static let displayName = 256
    /// A photo URL: "less than or equal to 2048 characters" (Identity Toolkit reference, `setAccountInfo`).
    static let photoURL = 2_048
    /// Where a browser or a link returns to (`continueUri`, `continueUrl`): Firebase documents no limit; 8 KiB is
    /// the request line most web servers accept.
    static let returnAddress = 8_192
    /// Identifiers a client chooses (`providerId`, `sessionId`): Firebase documents no limit.
    static let identifier = 256

    /// The limit of each field, by name.
    static let limits: [String: Int] = [
        "displayName": displayName, "photoUrl": photoURL, "continueUri": returnAddress, "continueUrl": returnAddress,
        "providerId": identifier, "sessionId": identifier,
    ]

    /// INVALID_ARGUMENT naming the first field, at any depth of `value`, whose string is longer than its limit.
    static func check(_ value: JSONValue) throws(APIError) {
        switch value {
        case .object(let members):
            for (name, member) in members {
                if case .string(let text) = member, let limit = limits[name], !fits(text, limit) {
                    throw .invalidArgument("Invalid value at '\(name)': longer than \(limit) characters")
                }
                try check(member)
            }
        case .array(let elements):
            for element in elements { try check(element) }
        case .null, .bool, .number, .string:
            break
        }
    }

    /// Whether `text` has at most `limit` UTF-16 code units (its UTF-8 length answers at once for most text).
    static func fits(_ text: String, _ limit: Int) -> Bool {
        text.utf8.count <= limit || text.utf16.count <= limit
    }
}
