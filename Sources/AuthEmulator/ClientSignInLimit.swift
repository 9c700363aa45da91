import FoundationEssentials
import Synchronization

/// Failed password sign-ins per client address (issue 27): past `maximumFailures` within `window`, an address's
/// password sign-ins are refused with TOO_MANY_ATTEMPTS_TRY_LATER before any hashing. The per-email limit stops
/// guesses at one account; this stops one client spraying a password over many emails, known or not.
///
/// Only remote clients are counted (`HTTPRequest.remoteAddress`): on loopback every local process shares one
/// address, and counting it would let one process lock every other out.
final class ClientSignInLimit: Sendable {
    /// Failed sign-ins an address may have within `window`.
    static let maximumFailures = 100
    /// How long a failed sign-in counts.
    static let window: TimeInterval = 15 * 60
    /// Addresses remembered at once; past it the one idle longest is forgotten.
    static let maximumClients = 10_000

    private let failures = Mutex<[String: [Date]]>([:])

    /// TOO_MANY_ATTEMPTS_TRY_LATER when `client` had too many failed sign-ins lately.
    func requireAllowed(_ client: String?, at now: Date) throws(APIError) {
        guard let client else { return }
        let recent = failures.withLock { failures in
            failures[client, default: []].count { $0 > now.addingTimeInterval(-Self.window) }
        }
        guard recent < Self.maximumFailures else {
            throw APIError("TOO_MANY_ATTEMPTS_TRY_LATER", "too many failed sign-ins from this address")
        }
    }

    /// Counts a failed sign-in of `client`, forgetting its ones older than the window.
    func recordFailure(_ client: String?, at now: Date) {
        guard let client else { return }
        failures.withLock { failures in
            var times = failures[client, default: []].filter { $0 > now.addingTimeInterval(-Self.window) }
            times.append(now)
            failures[client] = times
            if failures.count > Self.maximumClients,
               let idlest = failures.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) })?.key {
                failures[idlest] = nil
            }
        }
    }
}
