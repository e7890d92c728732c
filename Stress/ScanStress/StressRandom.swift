import Foundation
import ScanCore

/// The stress run's random numbers: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014), seeded per symbol from the run's seed and the symbol's index, so a
/// symbol is the same whatever the order the symbols are made in and can be made again alone.
///
/// ```swift
/// var r = StressRandom(seed: 1, index: 42)
/// r.int(in: 0...9)      // the same every time for seed 1, symbol 42
/// ```
public struct StressRandom: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    /// The generator for symbol `index` of the run with `seed` (and `stream`, a purpose within the symbol).
    public init(seed: UInt64, index: Int, stream: UInt64 = 0) {
        generator = SplitMix64(
            seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: index) &* 0xBF58_476D_1CE4_E5B9
                ^ stream &* 0x94D0_49BB_1331_11EB)
        _ = next()
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// A whole number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A number in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One element of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    /// A normally distributed number (Box–Muller).
    public mutating func gaussian() -> Double {
        let u = max(Double.random(in: 0..<1, using: &self), 1e-12)
        let v = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
