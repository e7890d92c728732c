import ScanCore

/// Reads one Code 128 symbol character from six runs by the reference decode algorithm of
/// ISO/IEC 15417:2007 §6.2: the four edge-to-similar-edge distances, normalised by the character width
/// (11 modules), identify the character whatever the ink spread.
struct Code128CharacterReader {
    /// Largest allowed difference, in modules, between a measured edge distance and the table's.
    /// The standard rounds (error ≤ 0.5); a little more tolerance helps blurred photos, and the check
    /// character catches what slips through.
    var tolerance = 0.7

    struct Character {
        var value: Int
        /// Width of the six elements in pixels.
        var width: Double
        /// Sum of squared edge errors in modules², a confidence measure (0 is perfect).
        var error: Double
    }

    /// The character whose six elements start at run `i` (a bar), or nil.
    func read(_ r: ScanLine, at i: Int) -> Character? {
        guard let (p, e1, e2, e3, e4) = Self.distances(r, at: i) else { return nil }
        return read(width: p, e1, e2, e3, e4)
    }

    /// The width of the six runs from run `i` (pixels) and their four edge-to-similar-edge distances in
    /// modules (§6.2 steps 1–2), or nil when fewer than six runs are left or they have no width.
    @inline(__always)
    private static func distances(_ r: ScanLine, at i: Int) -> (Double, Double, Double, Double, Double)? {
        guard i + 5 < r.count else { return nil }
        let w = r.exactWidths
        let p = w[i] + w[i + 1] + w[i + 2] + w[i + 3] + w[i + 4] + w[i + 5]
        guard p > 0 else { return nil }
        let s = 11 / p
        let e1 = (w[i] + w[i + 1]) * s, e2 = (w[i + 1] + w[i + 2]) * s
        let e3 = (w[i + 2] + w[i + 3]) * s, e4 = (w[i + 3] + w[i + 4]) * s
        return (p, e1, e2, e3, e4)
    }

    /// The character of six runs `p` pixels wide with edge distances `e1`…`e4` (modules), or nil.
    private func read(width p: Double, _ e1: Double, _ e2: Double, _ e3: Double, _ e4: Double) -> Character? {
        if let v = Code128Patterns.value(
            edges: Int(e1.rounded()), Int(e2.rounded()), Int(e3.rounded()), Int(e4.rounded()))
        {
            return Character(value: v, width: p, error: error(v, e1, e2, e3, e4))
        }
        // No character at the rounded distances: take the nearest one with every distance within the
        // tolerance (the lowest value on a tie). Only whole distances about within the tolerance of each
        // measured one can qualify: a few combinations, each looked up and then checked exactly.
        @inline(__always) func near(_ e: Double) -> ClosedRange<Int>? {
            let lo = max(2, Int((e - tolerance).rounded(.down))), hi = min(7, Int((e + tolerance).rounded(.up)))
            return lo <= hi ? lo...hi : nil
        }
        guard e1.isFinite, e2.isFinite, e3.isFinite, e4.isFinite, let n1 = near(e1), let n2 = near(e2),
            let n3 = near(e3), let n4 = near(e4)
        else { return nil }
        var best = -1, bestError = Double.infinity
        for t1 in n1 {
            for t2 in n2 {
                for t3 in n3 {
                    for t4 in n4 {
                        guard let v = Code128Patterns.value(edges: t1, t2, t3, t4) else { continue }
                        let d1 = abs(e1 - Double(t1)), d2 = abs(e2 - Double(t2))
                        let d3 = abs(e3 - Double(t3)), d4 = abs(e4 - Double(t4))
                        guard max(d1, d2, d3, d4) <= tolerance else { continue }
                        let err = d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4
                        if err < bestError || (err == bestError && v < best) {
                            best = v
                            bestError = err
                        }
                    }
                }
            }
        }
        return best >= 0 ? Character(value: best, width: p, error: bestError) : nil
    }

    /// The character at run `i` when it is a start character (103–105).
    ///
    /// The same as ``read(_:at:)`` giving a start character, for less: this runs at every dark run behind a
    /// quiet zone. Where the rounded distances name no character, the nearest one within ``tolerance``
    /// can only be a start character when one lies within it on all four distances, so the search is
    /// made only then.
    func readStart(_ r: ScanLine, at i: Int) -> Character? {
        guard let (p, e1, e2, e3, e4) = Self.distances(r, at: i) else { return nil }
        let starts = Code128Patterns.startA...Code128Patterns.startC
        if Code128Patterns.value(
            edges: Int(e1.rounded()), Int(e2.rounded()), Int(e3.rounded()), Int(e4.rounded())) == nil
        {
            let near = starts.contains { v in
                let t = Code128Patterns.edges[v]
                return max(abs(e1 - Double(t.0)), abs(e2 - Double(t.1)), abs(e3 - Double(t.2)), abs(e4 - Double(t.3)))
                    <= tolerance
            }
            guard near else { return nil }
        }
        guard let c = read(width: p, e1, e2, e3, e4), starts.contains(c.value) else { return nil }
        return c
    }

    private func error(_ v: Int, _ e1: Double, _ e2: Double, _ e3: Double, _ e4: Double) -> Double {
        let t = Code128Patterns.edges[v]
        let d1 = e1 - Double(t.0), d2 = e2 - Double(t.1), d3 = e3 - Double(t.2), d4 = e4 - Double(t.3)
        return d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4
    }
}
