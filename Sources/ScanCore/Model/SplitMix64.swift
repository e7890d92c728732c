/// A small deterministic random number generator (SplitMix64: a 64-bit Weyl sequence through a
/// variance-reducing mix), for runs that must repeat exactly from a seed: generated test scenes, damaged
/// symbols, corrupted inputs. Not for secrets.
///
/// ```swift
/// var rng = SplitMix64(seed: 17)
/// let side = Int.random(in: 10...20, using: &rng)   // the same number on every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; the next value is derived from it after adding the Weyl constant.
    public var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
