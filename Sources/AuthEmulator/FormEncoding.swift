import AuthCore
import FoundationEssentials

/// `application/x-www-form-urlencoded` bodies, such as securetoken requests and `signInWithIdp`'s `postBody`.
enum FormEncoding {
    /// The fields of `text`; `+` is a space and percent escapes are decoded; a malformed escape is kept as is.
    /// The first of repeated names wins.
    static func decode(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            guard !name.isEmpty, fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? unescape(parts[1]) : ""
        }
        return fields
    }

    /// One decoded name or value.
    private static func unescape(_ text: Substring) -> String {
        let spaced = String(text).replacing("+", with: " ")
        return PercentEncoding.decode(spaced) ?? spaced
    }
}
