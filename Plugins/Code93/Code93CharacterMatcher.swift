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

    /// The character whose six runs start at `w[i]` (a bar), or nil.
    func match(_ w: [Double], at i: Int) -> Match? {
        guard i + 6 <= w.count else { return nil }
        var total = 0.0
        for k in 0..<6 { total += w[i + k] }
        guard total > 0 else { return nil }
        let s = 9 / total
        var n = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        n = (w[i] * s, w[i + 1] * s, w[i + 2] * s, w[i + 3] * s, w[i + 4] * s, w[i + 5] * s)
        var best = Double.infinity
        var second = Double.infinity
        var bestValue = -1
        Self.flatPatterns.withUnsafeBufferPointer { flat in
            guard let base = flat.baseAddress else { return }
            for v in 0..<(flat.count / 6) {
                let p = base + 6 * v
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
                if d < best {
                    second = best
                    best = d
                    bestValue = v
                } else if d < second {
                    second = d
                }
            }
        }
        guard bestValue >= 0, best <= maxDistance, second - best >= minMargin else { return nil }
        return Match(value: bestValue, distance: best)
    }
}
