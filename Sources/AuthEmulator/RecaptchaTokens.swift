import FoundationEssentials
import Synchronization

/// The answers the emulator's stand-in reCAPTCHA page issued, in memory. Each works once, within two minutes (a
/// reCAPTCHA response's lifetime); at most `limit` are kept, and a new one past it drops the oldest.
final class RecaptchaTokens: Sendable {
    /// How long an answer stays usable.
    static let lifetime: TimeInterval = 120
    /// Answers kept at most.
    static let limit = 1_000
    private let issued = Mutex<[String: Date]>([:])

    /// Keeps `token`, issued at `now`.
    func issue(_ token: String, now: Date) {
        issued.withLock { tokens in
            if tokens.count >= Self.limit, let oldest = tokens.min(by: { $0.value < $1.value })?.key {
                tokens.removeValue(forKey: oldest)
            }
            tokens[token] = now
        }
    }

    /// Whether `token` was issued, less than `lifetime` before `now`, and not used yet; it is spent either way.
    func redeem(_ token: String, now: Date) -> Bool {
        guard let issuedAt = issued.withLock({ $0.removeValue(forKey: token) }) else { return false }
        return now.timeIntervalSince(issuedAt) < Self.lifetime
    }
}
