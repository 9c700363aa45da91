import CLibCrypto
import FoundationEssentials
import AuthCore

/// Opaque random identifiers (OpenSSL's CSPRNG), base64url.
enum RandomToken {
    /// A token carrying `byteCount` random bytes.
    static func make(byteCount: Int = 24) throws(APIError) -> String {
        Base64URL.encode(Data(try bytes(byteCount)))
    }

    /// `byteCount` random bytes as lowercase hex (ids that must be letters and digits only).
    static func hex(byteCount: Int) throws(APIError) -> String {
        Hex.lowercase(try bytes(byteCount))
    }

    private static func bytes(_ byteCount: Int) throws(APIError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        guard libcrypto_random_bytes(&bytes, Int32(byteCount)) == 1 else {
            throw APIError(status: 500, code: "INTERNAL_ERROR", detail: "RAND_bytes failed",
                           canonicalStatus: "INTERNAL")
        }
        return bytes
    }
}
