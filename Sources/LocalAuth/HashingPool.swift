import FoundationEssentials
import Dispatch

/// Bounds how many password hashes run at once in the process (one per processor): a burst of sign-ins queues
/// here instead of running hundreds of hashes side by side, each with production scrypt's 128 MiB, and the
/// threads answering other requests keep getting the processor.
enum HashingPool {
    /// Hashes that may run at the same time.
    static let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private static let slots = DispatchSemaphore(value: width)

    /// Runs `work` once a slot is free.
    static func run<Result>(_ work: () -> Result) -> Result {
        slots.wait()
        defer { slots.signal() }
        return work()
    }
}
