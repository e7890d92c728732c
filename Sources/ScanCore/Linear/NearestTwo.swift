/// The nearest and the second-nearest of the patterns a character matcher compares a measurement with:
/// a match is clear when the nearest lies close and well ahead of the runner-up (Code 93's characters,
/// EAN/UPC's digits). Distances are the matcher's own (squared module errors); on a tie the pattern
/// offered first stays the nearest.
///
/// ```swift
/// var n = NearestTwo()
/// for (k, d) in [2.0, 0.3, 1.1].enumerated() { n.offer(d, index: k) }
/// n.index                                       // 1
/// n.isClear(maxDistance: 1.3, minMargin: 0.35)  // true: 0.3 ≤ 1.3 and 1.1 − 0.3 ≥ 0.35
/// ```
public struct NearestTwo: Sendable {
    /// The smallest distance offered (infinity before any).
    public var best = Double.infinity
    /// The second smallest (infinity before two).
    public var second = Double.infinity
    /// The index given with `best`, or -1 before any offer.
    public var index = -1

    @inlinable public init() {}

    /// Takes pattern `index` at distance `d`.
    @inlinable
    public mutating func offer(_ d: Double, index k: Int) {
        if d < best {
            second = best
            best = d
            index = k
        } else if d < second {
            second = d
        }
    }

    /// True when a pattern was offered, the nearest lies within `maxDistance` and the runner-up at least
    /// `minMargin` further.
    @inlinable
    public func isClear(maxDistance: Double, minMargin: Double) -> Bool {
        index >= 0 && best <= maxDistance && second - best >= minMargin
    }
}
