import FoundationEssentials

/// Base64url (RFC 4648 §5, no padding), as JWTs and URL-safe tokens use it. Characters are swapped byte by byte:
/// base64 text is ASCII.
public enum Base64URL {
    /// The encoding of `data`.
    public static func encode(_ data: Data) -> String {
        var text = [UInt8](data.base64EncodedData())
        while text.last == UInt8(ascii: "=") { text.removeLast() }
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "+"): text[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): text[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not canonical base64url (unused trailing bits must be zero, so
    /// one value has exactly one spelling and a changed character never decodes to the same bytes).
    public static func decode(_ text: Substring) -> Data? {
        guard text.utf8.allSatisfy(isAlphabet), let data = Data(base64Encoded: padded(standard(text))),
              encode(data) == text else { return nil }
        return data
    }

    /// The bytes of base64url or base64 text, padded or not (tokens minted elsewhere); nil when malformed.
    public static func decodeLeniently(_ text: Substring) -> Data? {
        Data(base64Encoded: padded(standard(text.prefix { $0 != "=" })))
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// `text` in the standard alphabet (`-` → `+`, `_` → `/`).
    private static func standard(_ text: Substring) -> [UInt8] {
        text.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
    }

    /// `bytes` with the `=` padding base64 decoding needs.
    private static func padded(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self) + String(repeating: "=", count: (4 - bytes.count % 4) % 4)
    }
}
