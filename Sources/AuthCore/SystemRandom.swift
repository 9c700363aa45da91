import FoundationEssentials

/// Unpredictable bytes from the system's CSPRNG: the standard library's `SystemRandomNumberGenerator`, which
/// reads `getrandom(2)` on Linux.
///
/// OpenSSL's `RAND_bytes` built a generator of its own in every thread that asked, and the emulator serves each
/// connection on a new thread, so every sign-in paid for seeding one.
public enum SystemRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0.prefix(count - bytes.count)) }
        }
        return bytes
    }

    /// A URL-safe base64 token (no padding) carrying `byteCount` random bytes: out-of-band codes, session ids.
    public static func urlSafeToken(byteCount: Int = 24) -> String {
        Base64URL.encode(Data(bytes(byteCount)))
    }
}
