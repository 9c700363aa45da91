import AuthCore
import CLibCrypto
import FoundationEssentials

/// Unpredictable bytes and identifiers from OpenSSL's CSPRNG.
enum SecureRandom {
    /// `count` random bytes.
    static func bytes(_ count: Int) throws(AuthError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        guard libcrypto_random_bytes(&buffer, Int32(count)) == 1 else {
            throw AuthError(.internalError, detail: "RAND_bytes failed")
        }
        return buffer
    }

    /// A URL-safe base64 token (no padding) carrying `byteCount` random bytes; used for out-of-band codes.
    static func urlSafeToken(byteCount: Int = 24) throws(AuthError) -> String {
        Base64URL.encode(Data(try bytes(byteCount)))
    }

    /// `count` uniformly random decimal digits; used for SMS codes.
    static func digits(_ count: Int) throws(AuthError) -> String {
        var result = ""
        while result.count < count {
            // Rejection sampling: 250 = 25 × 10, so the accepted bytes map uniformly onto the digits.
            for byte in try bytes(count * 2) where byte < 250 && result.count < count {
                result.append(Character(String(byte % 10)))
            }
        }
        return result
    }

    /// A 28-character alphanumeric account id, shaped like Firebase's.
    static func uid() throws(AuthError) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var result = ""
        while result.count < 28 {
            // Rejection sampling: 248 = 4 × 62, so the accepted bytes map uniformly onto the alphabet.
            for byte in try bytes(32) where byte < 248 && result.count < 28 {
                result.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return result
    }
}
