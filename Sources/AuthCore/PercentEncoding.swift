/// Percent-encoding (RFC 3986) over UTF-8, as Foundation's `addingPercentEncoding`/`removingPercentEncoding`.
public enum PercentEncoding {
    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Characters allowed unescaped in a URL path (as `CharacterSet.urlPathAllowed`).
    public static func isPathAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,;=:@/".utf8.contains(byte)
    }

    /// `text` with every UTF-8 byte that `allowed` rejects written as `%XX` (upper-case hex).
    public static func encode(_ text: String, allowing allowed: (UInt8) -> Bool = isUnreserved) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if allowed(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
            }
        }
        return encoded
    }

    /// `text` with its `%XX` sequences decoded; nil when one is malformed or the bytes are not UTF-8.
    public static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 55
        default: return nil
        }
    }
}
