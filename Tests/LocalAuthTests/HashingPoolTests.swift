import Dispatch
import Foundation
@testable import LocalAuth
import Testing

/// Jobs that hold a place of a pool until released, each on its own thread.
private final class HeldJobs: @unchecked Sendable {
    let release = DispatchSemaphore(value: 0)
    private let running = DispatchSemaphore(value: 0)
    private let group = DispatchGroup()

    /// Starts `count` jobs for `account` that wait for `release`; returns once the first holds its place (a loaded
    /// machine may start a dispatched job late), and the others had a moment to queue behind it.
    func start(_ count: Int, for account: String, in pool: HashingPool) {
        for _ in 0..<count {
            DispatchQueue.global().async(group: group) { [release, running] in
                _ = pool.run(for: account) {
                    running.signal()
                    release.wait()
                }
            }
        }
        running.wait()
        Thread.sleep(forTimeInterval: 0.2)
    }

    /// Releases every job and waits for them to end.
    func finish(_ count: Int) {
        for _ in 0..<count { release.signal() }
        group.wait()
    }
}

@Suite("The hashing pool: one account's hashes at a time, and a deadline")
struct HashingPoolTests {
    @Test("hashes of one account hold one place, so another account's hash runs beside them")
    func oneAccountHoldsOnePlace() {
        let pool = HashingPool(width: 2, deadline: 30)
        let held = HeldJobs()
        held.start(4, for: "slow-account", in: pool)
        let start = Date()
        let ran = pool.run(for: "other-account") { true }
        #expect(ran == true)
        #expect(Date().timeIntervalSince(start) < 1, "the other account waited for the slow one's hashes")
        held.finish(4)
    }

    @Test("a hash that finds no place before its deadline is given up")
    func deadline() {
        let pool = HashingPool(width: 1, deadline: 0.3)
        let held = HeldJobs()
        held.start(1, for: "slow-account", in: pool)
        let start = Date()
        #expect(pool.run(for: "other-account") { true } == nil)
        #expect(pool.run(for: "slow-account") { true } == nil)
        #expect(Date().timeIntervalSince(start) < 2)
        held.finish(1)
        #expect(pool.run(for: "slow-account") { true } == true)
    }

    @Test("an unknown email takes a verification's time without a place in the pool")
    func unknownEmailSleeps() throws {
        var hasher = PasswordHasher(parameters: cheapHashing)
        hasher.pool = HashingPool(width: 1, deadline: 30)
        hasher.timing.record(.milliseconds(300))
        let held = HeldJobs()
        held.start(1, for: "known", in: hasher.pool)
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { held.release.signal() }
        let start = Date()
        try hasher.simulateVerification("secret1", for: "unknown@example.com")
        let elapsed = Date().timeIntervalSince(start)
        held.finish(0)
        #expect(elapsed < 1.5, "the unknown email waited for the pool")
        #expect(elapsed > 0.1, "the unknown email answered faster than a verification")
    }
}
