import ScanCore

/// Rejects ITF reads that do not cover a whole symbol, looking at the image around the read.
///
/// ITF has no check character, so a scan line that enters or leaves the bars through their top or bottom
/// edge (a tilted symbol read along rows or columns) can read a few inner digit pairs as a symbol: the
/// light above or below the bars passes for a quiet zone on that line. A true quiet zone is light beside
/// the start and stop patterns all along the bars; beside a partial read, the symbol's other bars appear
/// a little further along the bar direction. So this check walks the strips 1–5 narrow widths outside
/// both ends of the read, from a little before its first agreeing line to a little after its last, and
/// rejects the read when bars (a dark run between light) show up there on several positions.
/// Bearer bars are uniformly dark along the strip and do not count.
struct ITFQuietZoneCheck {
    /// How far beyond the agreeing lines the strips reach, in narrow widths.
    var reach = 3.0
    /// Bar-like positions tolerated in a strip (noise).
    var tolerated = 2

    /// The narrow width of a symbol of `digits` digits `length` pixels long: n digits are n(3 + 2r) + 6 + r
    /// narrow widths (start 4, stop 2 + r), taking the wide-to-narrow ratio r as 2.5.
    static func narrowWidth(length: Double, digits: Int) -> Double {
        length / modules(digits: digits)
    }

    /// The length in narrow widths of a symbol of `digits` digits (see ``narrowWidth(length:digits:)``).
    static func modules(digits: Int) -> Double { Double(digits) * 8 + 8.5 }

    func accepts(_ b: Barcode, digits: Int, matrix: BitMatrix) -> Bool {
        let c = b.cornerPoints
        guard c.count == 4 else { return true }
        let length = c[0].distance(to: c[1])
        guard length > 0 else { return true }
        let narrow = Self.narrowWidth(length: length, digits: digits)
        let u = (c[1] - c[0]) * (1 / length)
        // Each end along its own edge (under perspective the two ends are not parallel); lines less than
        // three narrow widths apart do not tell the edge's direction, so take the line's normal there.
        func edge(_ a: Point, _ b: Point) -> (Point, Double) {
            let d = a.distance(to: b)
            if d >= 3 * narrow { return ((b - a) * (1 / d), d) }
            let normal = Point(-u.y, u.x)
            let sign: Double = (b.x - a.x) * normal.x + (b.y - a.y) * normal.y < 0 ? -1 : 1
            return (normal * sign, d)
        }
        let (v0, l0) = edge(c[0], c[3]), (v1, l1) = edge(c[1], c[2])
        let leading = stripHasBars(from: c[0], along: v0, length: l0, outward: u * -1, narrow: narrow, matrix)
        let trailing = stripHasBars(from: c[1], along: v1, length: l1, outward: u, narrow: narrow, matrix)
        return !leading && !trailing
    }

    /// True when bars show up in the strip beside the segment from `origin` along `v` (`length` pixels,
    /// extended by ``reach`` narrow widths both ways), 1–5 narrow widths out in direction `outward`.
    private func stripHasBars(
        from origin: Point, along v: Point, length: Double, outward: Point, narrow: Double, _ m: BitMatrix
    ) -> Bool {
        let extra = reach * narrow
        let minBar = max(2, Int((0.6 * narrow).rounded()))
        let first = Int(max(1, narrow).rounded()), last = Int((5 * narrow).rounded())
        guard last > first else { return false }
        var hits = 0
        var t = -extra
        while t <= length + extra {
            let base = origin + v * t
            var sawLight = false, dark = 0, bar = false
            for k in first...last {
                let p = base + outward * Double(k)
                guard p.x >= 0, p.y >= 0, p.x < Double(m.width), p.y < Double(m.height) else { break }  // also NaN
                let x = Int(p.x), y = Int(p.y)
                if m[x, y] {
                    if sawLight { dark += 1 }
                } else {
                    if dark >= minBar { bar = true; break }
                    sawLight = true
                    dark = 0
                }
            }
            if bar {
                hits += 1
                if hits > tolerated { return true }
            }
            t += 1
        }
        return false
    }
}
