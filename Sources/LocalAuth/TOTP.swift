import AuthCore
import CLibCrypto
import FoundationEssentials

/// Time-based one-time passwords (RFC 6238) over HMAC-SHA-1, as authenticator apps compute them.
public enum TOTP {
    /// Length of a time step in seconds.
    public static let period: TimeInterval = 30
    /// Digits in a code.
    public static let digits = 6
    /// Steps either side of the current one that are still accepted (clock drift).
    public static let acceptedDrift = 1

    /// The time-step counter at `date`: whole periods since 1970 (0 before 1970; `date` clamped by `EpochTime`).
    public static func counter(at date: Date) -> UInt64 {
        UInt64(max(0, EpochTime.seconds(date))) / UInt64(period)
    }

    /// The `digits`-digit code for `counter` under `secret` (RFC 4226 dynamic truncation).
    public static func code(secret: [UInt8], counter: UInt64, digits: Int = digits) throws(AuthError) -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * (7 - $0))) }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard libcrypto_hmac(libcrypto_sha1(), secret, Int32(secret.count), message, message.count, &output, &length) != nil,
              length == 20
        else { throw AuthError(.internalError, detail: "HMAC-SHA-1 failed") }
        let offset = Int(output[19] & 0x0f)
        let binary = (UInt32(output[offset] & 0x7f) << 24) | (UInt32(output[offset + 1]) << 16)
            | (UInt32(output[offset + 2]) << 8) | UInt32(output[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - value.count)) + value
    }

    /// The code for `secret` at `date`.
    public static func code(secret: [UInt8], at date: Date) throws(AuthError) -> String {
        try code(secret: secret, counter: counter(at: date))
    }

    /// Whether `code` is the code of the step at `date` or of one within `acceptedDrift` of it.
    static func accepts(_ code: String, secret: [UInt8], at date: Date) throws(AuthError) -> Bool {
        try acceptedStep(code, secret: secret, at: date) != nil
    }

    /// The time step, within `acceptedDrift` of the one at `date`, whose code `code` is; nil when none is.
    static func acceptedStep(_ code: String, secret: [UInt8], at date: Date) throws(AuthError) -> Int64? {
        let current = Int64(counter(at: date))
        for step in (current - Int64(acceptedDrift))...(current + Int64(acceptedDrift)) where step >= 0 {
            let expected = try self.code(secret: secret, counter: UInt64(step))
            if Array(expected.utf8) == Array(code.utf8) { return step }
        }
        return nil
    }
}
