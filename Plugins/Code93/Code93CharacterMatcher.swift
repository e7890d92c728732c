import ScanCore

/// Reads one Code 93 character (three bars, three spaces, nine modules) from six run widths.
///
/// The widths are scaled to the character's own width (nine modules). The main evidence are the five
/// edge-to-similar-edge distances (run i + run i+1): ink spread and blur move both edges of such a pair
/// the same way, so these sums stay close to whole modules when single bars grow or shrink. The single
/// widths count at half weight. The best pattern must be close and clearly better than the runner-up.
struct Code93CharacterMatcher: Sendable {
    /// Largest accepted distance of the best pattern.
    var maxDistance = 1.3
    /// Smallest accepted gap between the best and the second-best distance.
    var minMargin = 0.35

    struct Match: Sendable {
        /// Value 0–46, or 47 for start/stop.
        var value: Int
        var distance: Double
    }

    static let patterns: [[Double]] = Code93Patterns.widths.map { $0.map(Double.init) }
    /// ``patterns`` flattened, six widths per value, for the loop that runs at every candidate position.
    private static let flatPatterns: [Double] = patterns.flatMap { $0 }

    /// Widths `w[i]` … `w[i + 5]` scaled to nine modules, or nil when they add up to nothing.
    @inline(__always)
    private static func normalized(_ w: [Double], at i: Int) -> Widths? {
        var total = 0.0
        for k in 0..<6 { total += w[i + k] }
        guard total > 0 else { return nil }
        let s = 9 / total
        return (w[i] * s, w[i + 1] * s, w[i + 2] * s, w[i + 3] * s, w[i + 4] * s, w[i + 5] * s)
    }

    typealias Widths = (Double, Double, Double, Double, Double, Double)

    /// The distance of normalized widths `n` from the pattern at `p` (six widths).
    @inline(__always)
    private static func distance(_ n: Widths, _ p: UnsafePointer<Double>) -> Double {
        let d0 = n.0 - p[0]
        let d1 = n.1 - p[1]
        let d2 = n.2 - p[2]
        let d3 = n.3 - p[3]
        let d4 = n.4 - p[4]
        let d5 = n.5 - p[5]
        let e0 = d0 + d1
        let e1 = d1 + d2
        let e2 = d2 + d3
        let e3 = d3 + d4
        let e4 = d4 + d5
        var d = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3 + e4 * e4
        d += 0.5 * (d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4 + d5 * d5)
        return d
    }

    /// The start/stop character whose six runs start at `w[i]`, or nil: the same as ``match(_:at:)``
    /// giving the start/stop character, for less. That character must lie within ``maxDistance``, so
    /// its own distance is tried first; it runs at every dark run behind a quiet zone, and most are far
    /// from it.
    func matchStartStop(_ w: [Double], at i: Int) -> Match? {
        guard i + 6 <= w.count, let n = Self.normalized(w, at: i) else { return nil }
        let d = Self.flatPatterns.withUnsafeBufferPointer { flat in
            Self.distance(n, flat.baseAddress! + 6 * Code93Patterns.startStop)
        }
        guard d <= maxDistance, let m = match(w, at: i), m.value == Code93Patterns.startStop else { return nil }
        return m
    }

    /// The character whose six runs start at `w[i]` (a bar), or nil.
    func match(_ w: [Double], at i: Int) -> Match? {
        guard i + 6 <= w.count, let n = Self.normalized(w, at: i) else { return nil }
        var nearest = NearestTwo()
        Self.flatPatterns.withUnsafeBufferPointer { flat in
            guard let base = flat.baseAddress else { return }
            for v in 0..<(flat.count / 6) { nearest.offer(Self.distance(n, base + 6 * v), index: v) }
        }
        guard nearest.isClear(maxDistance: maxDistance, minMargin: minMargin) else { return nil }
        return Match(value: nearest.index, distance: nearest.best)
    }
}
