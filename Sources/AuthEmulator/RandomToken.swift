import COpenSSL
import Foundation

/// Opaque random identifiers (OpenSSL's CSPRNG), base64url.
enum RandomToken {
    /// A token carrying `byteCount` random bytes.
    static func make(byteCount: Int = 24) throws(APIError) -> String {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        guard RAND_bytes(&bytes, Int32(byteCount)) == 1 else {
            throw APIError(status: 500, code: "INTERNAL_ERROR", detail: "RAND_bytes failed",
                           canonicalStatus: "INTERNAL")
        }
        return Base64URL.encode(Data(bytes))
    }
}
