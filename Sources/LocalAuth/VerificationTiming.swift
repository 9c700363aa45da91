import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How long checking a password takes here, waiting for the hashing pool included, so a sign-in with an unknown
/// email can take as long without hashing: the answer tells no more, and a spray of unknown emails leaves the
/// pool to real sign-ins.
final class VerificationTiming: Sendable {
    /// A moving average of recent verifications; nil until the first.
    private let average = Mutex<Duration?>(nil)

    /// The typical verification, once one was measured.
    var typical: Duration? { average.withLock { $0 } }

    /// Counts one verification's duration, a fifth of the average's weight.
    func record(_ duration: Duration) {
        average.withLock { average in
            average = average.map { $0 * 0.8 + duration * 0.2 } ?? duration
        }
    }

    /// Sleeps for `duration`, resuming after signals.
    func wait(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
