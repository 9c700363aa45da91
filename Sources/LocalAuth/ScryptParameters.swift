/// scrypt cost settings; every password hash records the ones it was made with.
public struct ScryptParameters: Sendable, Hashable {
    /// CPU/memory cost N, a power of two.
    public var cost: UInt64
    /// Block size r.
    public var blockSize: UInt64
    /// Parallelisation p.
    public var parallelism: UInt64

    /// Settings with explicit N, r and p.
    public init(cost: UInt64, blockSize: UInt64, parallelism: UInt64) {
        self.cost = cost
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    /// OWASP's recommended scrypt configuration: N=2^17, r=8, p=1 (128 MiB per hash).
    public static let owasp = ScryptParameters(cost: 1 << 17, blockSize: 8, parallelism: 1)

    /// A cheap setting for emulators and tests (N=2^4, r=8, p=1: 16 KiB and a few tens of microseconds per hash),
    /// so a test suite signing in thousands of times waits for its server, not for hashing; Firebase's emulator
    /// keeps passwords in a fake hash too. Never for real accounts.
    public static let emulator = ScryptParameters(cost: 1 << 4, blockSize: 8, parallelism: 1)

    /// Memory scrypt needs for these settings, as OpenSSL counts it, plus headroom; passed as `maxmem`.
    var memoryLimit: UInt64 {
        128 * blockSize * (cost + 2) + 128 * blockSize * parallelism + (1 << 20)
    }

    /// Whether the settings are sane enough to run, so a tampered record cannot demand unbounded work.
    var isWithinBounds: Bool {
        cost >= 2 && cost <= 1 << 20 && cost & (cost - 1) == 0
            && (1...32).contains(blockSize) && (1...16).contains(parallelism)
    }
}
