import ScanCore

/// Alignment patterns (ISO/IEC 18004:2015 §6.3.6): the search for one near its predicted place, its
/// centre refined on the runs through it, and the finer module mapping through all of them.
extension QRDetector {
    /// A finer mapping for versions 7 and up: every alignment pattern is located near where `d`'s
    /// transform predicts it (within 2.5 modules), and each module is mapped through the homography of the
    /// cell of alignment centres around it (finder-corner cells use the predicted points). This follows
    /// a symbol printed on a curved or unevenly tilted surface better than one global transform.
    /// Returns `nil` for versions below 7 or when fewer than half the patterns are found.
    public static func alignmentMapping(_ m: BitMatrix, _ d: QRDetection) -> ((Int, Int) -> Point)? {
        guard let version = QRVersion.version(forDimension: d.dimension), version.number >= 7 else { return nil }
        let c = version.alignmentCenters
        let k = c.count
        let module: Double = (d.finders[0].moduleSize + d.finders[1].moduleSize + d.finders[2].moduleSize) / 3
        var refs = [Point](repeating: Point(0, 0), count: k * k)
        var found = 0, searched = 0
        for j in 0..<k {
            for i in 0..<k {
                let mx: Double = Double(c[i]) + 0.5
                let my: Double = Double(c[j]) + 0.5
                let mp = Point(mx, my)
                let predicted = d.transform.apply(mp)
                refs[j * k + i] = predicted
                let lastIndex = k - 1
                if i + j == 0 || (i == lastIndex && j == 0) || (i == 0 && j == lastIndex) { continue }
                searched += 1
                if let p = findAlignment(
                    m, near: predicted, module: module, transform: d.transform, at: mp.x, atY: mp.y, radiusModules: 2.5)
                {
                    refs[j * k + i] = p
                    found += 1
                }
            }
        }
        guard found * 2 >= searched else { return nil }
        // One homography per cell; the outer cells extend to the symbol's edges.
        let pos: [Double] = c.map { Double($0) + 0.5 }
        var cells: [PerspectiveTransform] = []
        for j in 0..<(k - 1) {
            for i in 0..<(k - 1) {
                let a0 = Point(pos[i], pos[j])
                let a1 = Point(pos[i + 1], pos[j])
                let a2 = Point(pos[i + 1], pos[j + 1])
                let a3 = Point(pos[i], pos[j + 1])
                let b0: Point = refs[j * k + i]
                let b1: Point = refs[j * k + i + 1]
                let b2: Point = refs[(j + 1) * k + i + 1]
                let b3: Point = refs[(j + 1) * k + i]
                let t = PerspectiveTransform(from: (a0, a1, a2, a3), to: (b0, b1, b2, b3))
                guard t.isValid else { return nil }
                cells.append(t)
            }
        }
        let last = k - 2
        let cellOf: [Int] = (0..<d.dimension).map { v in
            var idx = 0
            while idx < last && v > c[idx + 1] { idx += 1 }
            return idx
        }
        let stride = k - 1
        return { (i: Int, j: Int) -> Point in
            let t: PerspectiveTransform = cells[cellOf[j] * stride + cellOf[i]]
            return t.apply(Point(Double(i) + 0.5, Double(j) + 0.5))
        }
    }

    /// Searches for an alignment pattern (§6.3.6: 5 × 5, dark ring, light ring, dark centre) around
    /// `near`, by matching the 5 × 5 module template under the local affine map; returns its centre.
    static func findAlignment(
        _ m: BitMatrix, near: Point, module: Double, transform: PerspectiveTransform, at a: Double,
        atY: Double? = nil, radiusModules: Double = 4
    ) -> Point? {
        // Local axes of one module, from the transform.
        let b = atY ?? a
        let o = transform.apply(Point(a, b))
        let ex = transform.apply(Point(a + 1, b)) - o
        let ey = transform.apply(Point(a, b + 1)) - o
        let radius = max(4.0, module * radiusModules)
        let step = max(1.0, module / 4)
        var best = -1
        var sum = Point(0, 0)
        var hits = 0.0
        var dy = -radius
        // Only positions scoring `accepted` or more can matter (the best score must reach it, and only
        // the positions with the best score make the centre): a position is left as soon as its misses
        // show it cannot reach max(best, accepted). The same centre as scoring every position in full.
        let accepted = 22
        while dy <= radius {
            var dx = -radius
            while dx <= radius {
                let c = near + Point(dx, dy)
                var score = 0
                var misses = 0
                let needed = max(best, accepted)
                template: for j in -2...2 {
                    for i in -2...2 {
                        let p = c + ex * Double(i) + ey * Double(j)
                        let want = max(abs(i), abs(j)) != 1
                        if m.isDark(at: p) == want {
                            score += 1
                        } else {
                            misses += 1
                            if 25 - misses < needed { break template }
                        }
                    }
                }
                // Light ring just outside (the pattern sits in data, so only a weak hint): skip.
                if 25 - misses < needed {
                    // Cannot reach the best score nor the accepted one: changes nothing.
                } else if score > best {
                    best = score
                    sum = c
                    hits = 1
                } else if score == best {
                    sum = sum + c
                    hits += 1
                }
                dx += step
            }
            dy += step
        }
        guard best >= accepted else { return nil }
        let centre = sum * (1 / hits)
        return refineAlignment(m, near: centre, ex: ex, ey: ey) ?? centre
    }

    /// The centre of the alignment pattern near `c`, measured on the lines through it along the module
    /// vectors `ex` and `ey`: on each, the dark centre module and the light ring around it must have
    /// about one module's width, and the new centre is the mean of the centre run's middle and the light
    /// ring's middle. Two rounds; `nil` when the runs do not look like an alignment pattern.
    static func refineAlignment(_ m: BitMatrix, near c: Point, ex: Point, ey: Point) -> Point? {
        var p = c
        for _ in 0..<2 {
            for axis in [ex, ey] {
                let l = axis.length
                guard l >= 0.5, l.isFinite else { return nil }
                let u = axis * (1 / l)
                guard m.isDark(at: p) == true,
                    let f1 = edge(m, from: p, along: u, dark: true, limit: 2 * l),
                    let b1 = edge(m, from: p, along: u * -1, dark: true, limit: 2 * l),
                    let f2 = edge(m, from: p + u * f1, along: u, dark: false, limit: 2 * l),
                    let b2 = edge(m, from: p - u * b1, along: u * -1, dark: false, limit: 2 * l)
                else { return nil }
                let centre = f1 + b1
                guard centre >= 0.35 * l, centre <= 2.2 * l, f2 >= 0.3 * l, b2 >= 0.3 * l, f2 <= 1.9 * l,
                    b2 <= 1.9 * l
                else { return nil }
                let shift = ((f1 - b1) / 2 + ((f1 + f2) - (b1 + b2)) / 2) / 2
                p = p + u * shift
            }
        }
        return p
    }

    /// Distance from `p` along the unit vector `u` to where the colour stops being `dark` (samples every
    /// half pixel from a quarter pixel on); `nil` past `limit` pixels or outside the image.
    static func edge(_ m: BitMatrix, from p: Point, along u: Point, dark: Bool, limit: Double) -> Double? {
        var s = 0.25
        while s <= limit {
            guard let d = m.isDark(at: p + u * s) else { return nil }
            if d != dark { return s - 0.25 }
            s += 0.5
        }
        return nil
    }
}
