import FoundationEssentials
import AuthCore

/// Opaque random identifiers (the system's CSPRNG, `SystemRandom`), base64url.
enum RandomToken {
    /// A token carrying `byteCount` random bytes.
    static func make(byteCount: Int = 24) -> String {
        Base64URL.encode(Data(SystemRandom.bytes(byteCount)))
    }

    /// `byteCount` random bytes as lowercase hex (ids that must be letters and digits only).
    static func hex(byteCount: Int) -> String {
        Hex.lowercase(SystemRandom.bytes(byteCount))
    }
}
