import ScanCore

/// A located symbol: where its module grid lies in the image.
public struct QRDetection: Sendable {
    /// Module-grid coordinates (0…dimension on both axes) → image pixels.
    public var transform: PerspectiveTransform
    public var dimension: Int
    /// The three finder patterns used: top-left, top-right, bottom-left (as the unmirrored symbol).
    public var finders: [QRFinderPattern]
}

/// Groups finder patterns into symbols and computes each symbol's module grid (ISO/IEC 18004:2015
/// §12 reference decode algorithm, steps 1–8, re-stated in our own terms).
///
/// 1. Triples of finder patterns are accepted when their module sizes agree, they form a near right
///    isosceles triangle (the corner opposite the longest side is the top-left pattern; the sign of the
///    cross product orders the other two, so the grid is always read as an unmirrored symbol), and the
///    implied size is 21…177 modules. Triples are ranked by how well they fit, so a triple made of
///    patterns from two different symbols — which fits worse than the symbol's own — is tried later, and
///    a pattern used by a decoded symbol is not reused.
/// 2. The size comes from the finder spacing divided by the module size, corrected by counting the
///    modules of the timing patterns between the finders (exact on large symbols where the spacing is
///    not), snapped to 4 v + 17.
/// 3. For version 2 and up, the bottom-right alignment pattern is searched near where the three finders
///    predict it; the grid is the perspective transform taking the three finder centres and that
///    alignment centre (or, without it, the parallelogram's fourth corner) to their module positions.
public enum QRDetector {
    /// Candidate triples, best first: (top-left, top-right, bottom-left) indices into `patterns` and
    /// the estimated dimension.
    public static func triples(_ patterns: [QRFinderPattern], maxCount: Int = 5000)
        -> [(tl: Int, tr: Int, bl: Int, score: Double)]
    {
        let n = patterns.count
        guard n >= 3 else { return [] }
        var out: [(Int, Int, Int, Double)] = []
        for i in 0..<(n - 2) {
            for j in (i + 1)..<(n - 1) {
                let pi = patterns[i], pj = patterns[j]
                let mij = max(pi.moduleSize, pj.moduleSize) / min(pi.moduleSize, pj.moduleSize)
                if mij > 1.6 { continue }
                for k in (j + 1)..<n {
                    let pk = patterns[k]
                    let sizes = [pi.moduleSize, pj.moduleSize, pk.moduleSize]
                    let ratio = sizes.max()! / sizes.min()!
                    if ratio > 1.6 { continue }
                    if let t = orient(patterns, i, j, k) { out.append((t.0, t.1, t.2, t.3 + (ratio - 1))) }
                }
            }
        }
        out.sort { $0.3 < $1.3 }
        return out.prefix(maxCount).map { (tl: $0.0, tr: $0.1, bl: $0.2, score: $0.3) }
    }

    /// Finds the right-angle corner and orders the triple; `nil` when it is not a plausible symbol.
    static func orient(_ p: [QRFinderPattern], _ a: Int, _ b: Int, _ c: Int) -> (Int, Int, Int, Double)? {
        let ab = p[a].center.distance(to: p[b].center)
        let bc = p[b].center.distance(to: p[c].center)
        let ac = p[a].center.distance(to: p[c].center)
        var (tl, x, y) = (a, b, c)
        if bc >= ab && bc >= ac {
            (tl, x, y) = (a, b, c)
        } else if ac >= ab && ac >= bc {
            (tl, x, y) = (b, a, c)
        } else {
            (tl, x, y) = (c, a, b)
        }
        let o = p[tl].center
        let vx = p[x].center - o, vy = p[y].center - o
        let lx = (vx.x * vx.x + vx.y * vx.y).squareRoot(), ly = (vy.x * vy.x + vy.y * vy.y).squareRoot()
        guard lx > 0, ly > 0 else { return nil }
        let legRatio = max(lx, ly) / min(lx, ly)
        if legRatio > 1.6 { return nil }
        let cosine = (vx.x * vy.x + vx.y * vy.y) / (lx * ly)
        if abs(cosine) > 0.45 { return nil }
        let module = (p[a].moduleSize + p[b].moduleSize + p[c].moduleSize) / 3
        let dim = (lx + ly) / 2 / module + 7
        if dim < 17 || dim > 185 { return nil }
        let cross = vx.x * vy.y - vx.y * vy.x
        let (tr, bl) = cross > 0 ? (x, y) : (y, x)
        // Each leg in modules must match the module sizes at its two ends.
        let score = (legRatio - 1) + abs(cosine)
        return (tl, tr, bl, score)
    }

    /// How well the timing patterns between the finders agree with the size the finder spacing implies:
    /// 0 when both agree, 1 when one does, 2 when neither does (a triple from two symbols, or a badly
    /// blurred one).
    public static func timingDisagreement(
        _ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern
    ) -> Int {
        let module = (tl.moduleSize + tr.moduleSize + bl.moduleSize) / 3
        let estimate = (tl.center.distance(to: tr.center) + tl.center.distance(to: bl.center)) / 2 / module + 7
        var bad = 0
        for t in [
            timingCount(matrix, from: tl.center, to: tr.center, other: bl.center, module: module),
            timingCount(matrix, from: tl.center, to: bl.center, other: tr.center, module: module),
        ] {
            guard let t else { bad += 1; continue }
            if abs(Double(t + 15) - estimate) > max(4, estimate * 0.15) { bad += 1 }
        }
        return bad
    }

    /// The grid for a triple, trying the dimension estimates in order of plausibility.
    /// Returns candidate detections (several dimensions when the estimate is uncertain).
    public static func detections(
        _ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern
    ) -> [QRDetection] {
        let module = (tl.moduleSize + tr.moduleSize + bl.moduleSize) / 3
        let dTop = tl.center.distance(to: tr.center), dLeft = tl.center.distance(to: bl.center)
        let estimate = ((dTop / ((tl.moduleSize + tr.moduleSize) / 2) + dLeft / ((tl.moduleSize + bl.moduleSize) / 2)) / 2) + 7
        var dims: [Int] = []
        func snap(_ d: Double) -> Int { Int(((d - 17) / 4).rounded()) * 4 + 17 }
        // Timing-pattern counts along the top and left timing lines.
        let t1 = timingCount(matrix, from: tl.center, to: tr.center, other: bl.center, module: module)
        let t2 = timingCount(matrix, from: tl.center, to: bl.center, other: tr.center, module: module)
        for t in [t1, t2].compactMap({ $0 }) {
            let d = Double(t) + 15
            if abs(d - estimate) < max(4, estimate * 0.12) { dims.append(snap(d)) }
        }
        let primary = snap(estimate)
        dims.append(primary)
        dims += [primary + 4, primary - 4]
        var seen = Set<Int>()
        dims = dims.filter { $0 >= 21 && $0 <= 177 && seen.insert($0).inserted }
        return dims.compactMap { grid(matrix, tl: tl, tr: tr, bl: bl, dimension: $0) }
    }

    /// The grid for a known dimension.
    public static func grid(
        _ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern, dimension: Int
    ) -> QRDetection? {
        let n = Double(dimension)
        let three = (Point(3.5, 3.5), Point(n - 3.5, 3.5), Point(3.5, n - 3.5))
        // Affine estimate from the three finders.
        let br = tr.center + bl.center - tl.center
        var transform = PerspectiveTransform(
            from: (three.0, three.1, Point(n - 3.5, n - 3.5), three.2), to: (tl.center, tr.center, br, bl.center))
        if dimension > 21, let version = QRVersion.version(forDimension: dimension),
            let last = version.alignmentCenters.last
        {
            let a = Double(last) + 0.5
            let predicted = transform.apply(Point(a, a))
            let module = (tl.moduleSize + tr.moduleSize + bl.moduleSize) / 3
            if let found = findAlignment(matrix, near: predicted, module: module, transform: transform, at: a) {
                transform = PerspectiveTransform(
                    from: (three.0, three.1, Point(a, a), three.2), to: (tl.center, tr.center, found, bl.center))
            }
        }
        guard transform.isValid else { return nil }
        return QRDetection(transform: transform, dimension: dimension, finders: [tl, tr, bl])
    }

    /// Counts the alternating modules of the timing pattern running from finder `a` toward finder `b`
    /// (the line through the finders' centres is 3 modules from the timing line; the timing line is
    /// sampled by shifting toward the third finder `other`). Returns the number of runs between the
    /// two finders' centre squares plus separators, or `nil`.
    static func timingCount(_ m: BitMatrix, from a: Point, to b: Point, other: Point, module: Double) -> Int? {
        // The timing pattern (row/column 6) runs 3 modules from the finder centres (3.5) toward `other`.
        let dir = b - a
        let len = (dir.x * dir.x + dir.y * dir.y).squareRoot()
        guard len > 0 else { return nil }
        let ux = dir.x / len, uy = dir.y / len
        var px = -uy, py = ux
        let toOther = other - a
        if px * toOther.x + py * toOther.y < 0 { px = -px; py = -py }
        let shift = 3.0 * module
        let start = a + Point(px, py) * shift
        let steps = Int(len.rounded())
        guard steps > 8 else { return nil }
        var transitions = 0
        var last: Bool? = nil
        // Start just outside the finders (3.5 modules in from each centre).
        let skip = 3.5 * module
        for s in 0...steps {
            let t = Double(s)
            if t < skip || t > len - skip { continue }
            let p = start + Point(ux, uy) * t
            let x = Int(p.x), y = Int(p.y)
            guard x >= 0, y >= 0, x < m.width, y < m.height else { return nil }
            let d = m[x, y]
            if let l = last, l != d { transitions += 1 }
            last = d
        }
        // From separator to separator: light, (dim − 16) alternating modules starting and ending dark,
        // light — dim − 15 transitions.
        return transitions
    }

    /// Searches for an alignment pattern (§6.3.6: 5 × 5, dark ring, light ring, dark centre) around
    /// `near`, by matching the 5 × 5 module template under the local affine map; returns its centre.
    static func findAlignment(
        _ m: BitMatrix, near: Point, module: Double, transform: PerspectiveTransform, at a: Double
    ) -> Point? {
        // Local axes of one module, from the transform.
        let o = transform.apply(Point(a, a))
        let ex = transform.apply(Point(a + 1, a)) - o
        let ey = transform.apply(Point(a, a + 1)) - o
        let radius = max(4.0, module * 4)
        let step = max(1.0, module / 4)
        var best = -1
        var sum = Point(0, 0)
        var hits = 0.0
        var dy = -radius
        while dy <= radius {
            var dx = -radius
            while dx <= radius {
                let c = near + Point(dx, dy)
                var score = 0
                for j in -2...2 {
                    for i in -2...2 {
                        let p = c + ex * Double(i) + ey * Double(j)
                        let x = Int(p.x), y = Int(p.y)
                        guard x >= 0, y >= 0, x < m.width, y < m.height else { continue }
                        let want = max(abs(i), abs(j)) != 1
                        if m[x, y] == want { score += 1 }
                    }
                }
                // Light ring just outside (the pattern sits in data, so only a weak hint): skip.
                if score > best {
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
        guard best >= 22 else { return nil }
        return sum * (1 / hits)
    }
}
