import AuthCore
import FoundationEssentials

/// Unpredictable bytes and identifiers from the system's CSPRNG (`SystemRandom`).
enum SecureRandom {
    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        SystemRandom.bytes(count)
    }

    /// A URL-safe base64 token (no padding) carrying `byteCount` random bytes; used for out-of-band codes.
    static func urlSafeToken(byteCount: Int = 24) -> String {
        Base64URL.encode(Data(bytes(byteCount)))
    }

    /// `count` uniformly random decimal digits; used for SMS codes.
    static func digits(_ count: Int) -> String {
        var result = ""
        while result.count < count {
            // Rejection sampling: 250 = 25 × 10, so the accepted bytes map uniformly onto the digits.
            for byte in bytes(count * 2) where byte < 250 && result.count < count {
                result.append(Character(String(byte % 10)))
            }
        }
        return result
    }

    /// A 28-character alphanumeric account id, shaped like Firebase's.
    static func uid() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var result = ""
        while result.count < 28 {
            // Rejection sampling: 248 = 4 × 62, so the accepted bytes map uniformly onto the alphabet.
            for byte in bytes(32) where byte < 248 && result.count < 28 {
                result.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return result
    }
}
