import Foundation

/// Bounds how many password hashes run at once in the process (half the processors, at least one): a burst
/// of sign-ins queues here instead of taking every core and, with production scrypt, 128 MiB each, so other
/// requests keep being answered while it lasts.
enum HashingPool {
    /// Hashes that may run at the same time.
    static let width = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    private static let slots = DispatchSemaphore(value: width)

    /// Runs `work` once a slot is free.
    static func run<Result>(_ work: () -> Result) -> Result {
        slots.wait()
        defer { slots.signal() }
        return work()
    }
}
