/// A reproducible random number generator (SplitMix64): the same seed gives the same sequence on every run.
///
/// Randomised tests print their seed on failure so a failing run can be replayed exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator seeded from `FUZZ_SEED` when set, else from the system's random source.
    public static func fromEnvironment(_ environment: [String: String]) -> SeededGenerator {
        SeededGenerator(seed: environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
