import FoundationEssentials

/// Base64url without padding (RFC 4648 §5), as JWTs use it.
enum Base64URL {
    /// The encoding of `data`.
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacing("+", with: "-")
            .replacing("/", with: "_")
            .replacing("=", with: "")
    }

    /// The bytes of `text`, or nil when it is not canonical base64url (unused trailing bits must be zero, so
    /// one value has exactly one spelling and a changed character never decodes to the same bytes).
    static func decode(_ text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var base64 = String(text).replacing("-", with: "+").replacing("_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), encode(data) == text else { return nil }
        return data
    }
}

extension Base64URL {
    /// The bytes of base64url or base64 text, padded or not (tokens minted elsewhere); nil when malformed.
    static func decodeLeniently(_ text: Substring) -> Data? {
        var base64 = String(text).replacing("-", with: "+").replacing("_", with: "/")
        base64 = String(base64.prefix { $0 != "=" })
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
