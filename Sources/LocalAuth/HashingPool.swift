import Dispatch
import FoundationEssentials
import Synchronization

/// Bounds how many password hashes run at once in the process (one per processor): a burst of sign-ins queues
/// here instead of running hundreds of hashes side by side, each with production scrypt's 128 MiB, and the
/// threads answering other requests keep getting the processor.
///
/// Each account has its own queue in front of the pool: an account's hashes run one at a time, so attempts on
/// one account (an imported bcrypt hash of high cost, a guessing run) hold one place of the pool at most, and
/// other accounts' hashes get the others. A hash that has not started by its deadline is given up.
final class HashingPool: Sendable {
    /// The process-wide pool, one place per processor.
    static let shared = HashingPool(width: max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// How long a hash may wait for its account's turn and a place before it is given up.
    static let defaultDeadline: TimeInterval = 10

    /// Hashes that may run at the same time.
    let width: Int
    private let deadline: TimeInterval
    private let places: DispatchSemaphore
    /// Each account's queue (a semaphore of one) and how many hashes are in it, dropped when it empties.
    private let queues = Mutex<[String: (turn: DispatchSemaphore, users: Int)]>([:])

    /// A pool of `width` places whose hashes wait at most `deadline` to start.
    init(width: Int, deadline: TimeInterval = HashingPool.defaultDeadline) {
        self.width = width
        self.deadline = deadline
        places = DispatchSemaphore(value: width)
    }

    /// Runs `work` for `account` once the account's earlier hashes are done and a place is free; nil when that
    /// did not happen before the deadline.
    func run<Result>(for account: String, _ work: () -> Result) -> Result? {
        let until = DispatchTime.now() + deadline
        let turn = join(account)
        defer { leave(account) }
        guard turn.wait(timeout: until) == .success else { return nil }
        defer { turn.signal() }
        guard places.wait(timeout: until) == .success else { return nil }
        defer { places.signal() }
        return work()
    }

    /// The account's queue, made when it has none.
    private func join(_ account: String) -> DispatchSemaphore {
        queues.withLock { queues in
            let queue = queues[account] ?? (DispatchSemaphore(value: 1), 0)
            queues[account] = (queue.turn, queue.users + 1)
            return queue.turn
        }
    }

    /// Leaves the account's queue, dropping it once nobody is in it.
    private func leave(_ account: String) {
        queues.withLock { queues in
            guard let queue = queues[account] else { return }
            queues[account] = queue.users > 1 ? (queue.turn, queue.users - 1) : nil
        }
    }
}
