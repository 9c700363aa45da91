import CLibCrypto
import FoundationEssentials

/// HMAC-SHA-256 (OpenSSL), the signature of HS256 JWTs.
enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`; nil if OpenSSL fails.
    static func mac(_ message: Data, key: [UInt8]) -> Data? {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = message.withUnsafeBytes { bytes in
            libcrypto_hmac(libcrypto_sha256(), key, Int32(key.count), bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                 &output, &length)
        }
        guard result != nil, length == 32 else { return nil }
        return Data(output.prefix(Int(length)))
    }

    /// Whether `mac` is the MAC of `message`, compared in constant time.
    static func isValid(_ mac: Data, for message: Data, key: [UInt8]) -> Bool {
        guard let expected = self.mac(message, key: key), expected.count == mac.count else { return false }
        return expected.withUnsafeBytes { left in
            mac.withUnsafeBytes { right in libcrypto_memcmp(left.baseAddress, right.baseAddress, left.count) == 0 }
        }
    }
}
