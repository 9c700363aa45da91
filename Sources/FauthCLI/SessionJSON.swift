import AuthCore
import FoundationEssentials
import JSON

/// The JSON objects `fauth-tui --json` and `fauth-tui status --json` print (schema in README): stable keys,
/// absent values left out, keys sorted.
enum SessionJSON {
    /// `signedIn`, `uid`, `isAnonymous`, `emailVerified`, `providers`, and `email`, `displayName`, `phoneNumber`
    /// when the account has them.
    static func user(_ user: User) -> [String: Any] {
        var object: [String: Any] = ["signedIn": true, "uid": user.uid, "isAnonymous": user.isAnonymous,
                                     "emailVerified": user.isEmailVerified, "providers": user.providerIDs]
        object["email"] = user.email
        object["displayName"] = user.displayName
        object["phoneNumber"] = user.phoneNumber
        return object
    }

    /// One line of JSON; a display name's terminal controls (C1, bidi overrides) are `\u` escapes, never raw.
    static func encode(_ object: [String: Any]) -> String {
        let data = JSONValue(any: object)?.data(escapingSlashes: false, escapingTerminalControls: true) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A moment as RFC 3339 in UTC, e.g. `2026-12-01T18:16:04Z`.
    static func timestamp(_ date: Date) -> String {
        RFC3339.string(date)
    }
}
