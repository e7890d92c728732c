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
    /// Indices of a triple's top-left, top-right and bottom-left patterns, and its geometry score (lower is
    /// better).
    public typealias Triple = (tl: Int, tr: Int, bl: Int, score: Double)

    /// How many of a pattern's nearest compatible well-supported patterns (``QRFinderPattern/isWellSupported``),
    /// and how many of the nearest others, it forms triples with. The other two finder patterns of its
    /// symbol are among them even on a page of small symbols packed a quiet zone apart, where a few
    /// neighbouring symbols' patterns lie closer than its own.
    public static let tripleNeighbours = 12

    /// Candidate triples, best geometry first (see ``ordered(_:_:_:_:)``): each pattern with pairs of its
    /// nearest compatible patterns (``tripleNeighbours``) (module sizes within a factor 2.2, no farther
    /// apart than the diagonal of the largest symbol, 177 modules, allows), so that the work grows with the number of
    /// patterns rather than with its cube.
    public static func triples(_ patterns: [QRFinderPattern]) -> [Triple] {
        let n = patterns.count
        guard n >= 3 else { return [] }
        func compatible(_ a: QRFinderPattern, _ b: QRFinderPattern) -> Bool {
            let ratio = max(a.moduleSize, b.moduleSize) / min(a.moduleSize, b.moduleSize)
            // The diagonal of the largest symbol, with room for perspective and the module's error.
            let reach = 1.3 * 1.42 * 170 * max(a.moduleSize, b.moduleSize)
            return ratio <= 2.2 && a.center.distance(to: b.center) <= reach
        }
        var neighbours: [[Int]] = []
        neighbours.reserveCapacity(n)
        var distance = [Double](repeating: 0, count: n)
        for i in 0..<n {
            for j in 0..<n { distance[j] = patterns[i].center.distance(to: patterns[j].center) }
            let near = (0..<n).filter { $0 != i && compatible(patterns[i], patterns[$0]) }
                .sorted { distance[$0] < distance[$1] }
            // The nearest well-supported ones and the nearest others: a large symbol's data holds many
            // chance patterns nearer to a finder pattern than the other two finder patterns are.
            neighbours.append(
                Array(near.filter { patterns[$0].isWellSupported }.prefix(tripleNeighbours))
                    + Array(near.filter { !patterns[$0].isWellSupported }.prefix(tripleNeighbours)))
        }
        var seen = Set<Int>()
        var out: [Triple] = []
        for i in 0..<n {
            let near = neighbours[i]
            for a in 0..<near.count {
                for b in (a + 1)..<near.count {
                    let j = near[a], k = near[b]
                    guard compatible(patterns[j], patterns[k]) else { continue }
                    // The three indices in increasing order (no array: one per pair of neighbours).
                    let (lo, hi) = (min(j, k), max(j, k))
                    let sorted = i < lo ? (i, lo, hi) : i < hi ? (lo, i, hi) : (lo, hi, i)
                    guard seen.insert((sorted.0 * n + sorted.1) * n + sorted.2).inserted else { continue }
                    let ratio =
                        max(patterns[i].moduleSize, patterns[j].moduleSize, patterns[k].moduleSize)
                        / min(patterns[i].moduleSize, patterns[j].moduleSize, patterns[k].moduleSize)
                    for t in orient(patterns, sorted.0, sorted.1, sorted.2) {
                        out.append((t.0, t.1, t.2, t.3 + (ratio - 1)))
                    }
                }
            }
        }
        out.sort { $0.score < $1.score }
        return out
    }

    /// Orders the triple with each of its corners as the top-left pattern; empty when none is a plausible
    /// symbol. The top-left pattern is the corner at the symbol's right angle, opposite the symbol's
    /// diagonal, and seen square-on the diagonal is the longest side; the orderings are scored by how
    /// much shorter their diagonal is than the longest side (that one first). Under strong perspective
    /// (40° to 50° of tilt with some roll) the right angle looks as sharp as 55° and the diagonal can be
    /// the shortest side of the three, so no corner is ruled out by the lengths: the format
    /// information and the timing patterns, read for every ordering, tell the real one.
    static func orient(_ p: [QRFinderPattern], _ a: Int, _ b: Int, _ c: Int) -> [(Int, Int, Int, Double)] {
        let ab = p[a].center.distance(to: p[b].center)
        let bc = p[b].center.distance(to: p[c].center)
        let ac = p[a].center.distance(to: p[c].center)
        // (corner, other, other, side opposite the corner), longest opposite side first.
        let corners = [(a, b, c, bc), (b, a, c, ac), (c, a, b, ab)].sorted { $0.3 > $1.3 }
        var out: [(Int, Int, Int, Double)] = []
        for (rank, (tl, x, y, opposite)) in corners.enumerated() {
            guard var t = ordered(p, tl, x, y) else { continue }
            if rank > 0 { t.3 += 0.5 + (corners[0].3 - opposite) / corners[0].3 }
            out.append(t)
        }
        return out
    }

    /// The triple with `tl` as the top-left pattern: the other two ordered by the sign of the cross
    /// product (so the grid is always read as an unmirrored symbol) and a fit score; `nil` when the legs'
    /// lengths or angle are implausible.
    static func ordered(_ p: [QRFinderPattern], _ tl: Int, _ x: Int, _ y: Int) -> (Int, Int, Int, Double)? {
        let o = p[tl].center
        let vx = p[x].center - o, vy = p[y].center - o
        let lx = (vx.x * vx.x + vx.y * vx.y).squareRoot(), ly = (vy.x * vy.x + vy.y * vy.y).squareRoot()
        guard lx > 0, ly > 0 else { return nil }
        let legRatio = max(lx, ly) / min(lx, ly)
        if legRatio > 2.0 { return nil }
        let cosine = (vx.x * vy.x + vx.y * vy.y) / (lx * ly)
        // Up to about 41° from a right angle: strong perspective skews the legs that much.
        if abs(cosine) > 0.75 { return nil }
        let module = (p[tl].moduleSize + p[x].moduleSize + p[y].moduleSize) / 3
        let dim = (lx + ly) / 2 / module + 7
        if dim < 17 || dim > 185 { return nil }
        let cross = vx.x * vy.y - vx.y * vy.x
        let (tr, bl) = cross > 0 ? (x, y) : (y, x)
        // Real finder patterns are confirmed by many scan lines; stray 1:1:3:1:1 runs in data by few.
        let minCount = Double(min(p[tl].count, p[x].count, p[y].count))
        let score = (legRatio - 1) + abs(cosine) + 0.5 / minCount
        return (tl, tr, bl, score)
    }

    /// How well the timing patterns between the finders agree with the size the finder spacing implies:
    /// 0 when both agree, 1 when one does, 2 when neither does (a triple from two symbols, or a badly
    /// blurred one).
    public static func timingDisagreement(
        _ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern
    ) -> Int {
        timing(matrix, tl: tl, tr: tr, bl: bl).disagreement
    }

    /// The modules counted along the top and left timing lines (nil where a line does not read as a
    /// timing pattern), the dimension the finder spacing implies, and how many of the two counts disagree
    /// with it (see ``timingDisagreement(_:tl:tr:bl:)``).
    static func timing(_ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern)
        -> (top: Int?, left: Int?, estimate: Double, disagreement: Int)
    {
        timing(matrix, tl: tl, tr: tr, bl: bl, legs: legModuleSizes(matrix, tl: tl, tr: tr, bl: bl))
    }

    /// ``timing(_:tl:tr:bl:)`` with the legs' module sizes (``legModuleSizes(_:tl:tr:bl:)``) known.
    static func timing(
        _ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern,
        legs: (top: Double, left: Double)
    ) -> (top: Int?, left: Int?, estimate: Double, disagreement: Int) {
        timing(
            tl: tl, tr: tr, bl: bl, legs: legs,
            counts: (
                timingCount(matrix, from: tl.center, to: tr.center, other: bl.center, module: legs.top),
                timingCount(matrix, from: tl.center, to: bl.center, other: tr.center, module: legs.left)
            ))
    }

    /// ``timing(_:tl:tr:bl:legs:)`` with the two legs' timing counts known (``timingCount(_:from:to:other:module:)``
    /// along the top leg and along the left leg).
    static func timing(
        tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern, legs: (top: Double, left: Double),
        counts: (top: Int?, left: Int?)
    ) -> (top: Int?, left: Int?, estimate: Double, disagreement: Int) {
        let (top, left) = legs
        let estimate = (tl.center.distance(to: tr.center) / top + tl.center.distance(to: bl.center) / left) / 2 + 7
        let (t1, t2) = counts
        var bad = 0
        for t in [t1, t2] {
            guard let t else { bad += 1; continue }
            if abs(Double(t + 15) - estimate) > max(4, estimate * 0.15) { bad += 1 }
        }
        return (t1, t2, estimate, bad)
    }

    /// True when `other` lies on the side of (−dy, dx) of the leg from `a` to `b` (direction (dx, dy)), or
    /// on the leg: clockwise of the leg as seen in the image (y down). ``timingCount(_:from:to:other:module:)``
    /// reads the timing line on `other`'s side and depends on `other` through nothing else, so a leg's count
    /// serves every triple whose third pattern lies on the same side.
    static func timingLineIsClockwise(from a: Point, to b: Point, other: Point) -> Bool {
        let dir = b - a
        let len = (dir.x * dir.x + dir.y * dir.y).squareRoot()
        let toOther = other - a
        return -(dir.y / len) * toOther.x + (dir.x / len) * toOther.y >= 0
    }

    /// The QR dimension (4k + 17 modules) nearest to `d`.
    static func snappedDimension(_ d: Double) -> Int { Int(((d - 17) / 4).rounded()) * 4 + 17 }

    /// The grid for a triple, trying the dimension estimates in order of plausibility.
    /// Returns candidate detections (several dimensions when the estimate is uncertain).
    public static func detections(
        _ matrix: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern
    ) -> [QRDetection] {
        let (top, left) = legModuleSizes(matrix, tl: tl, tr: tr, bl: bl)
        let dTop = tl.center.distance(to: tr.center), dLeft = tl.center.distance(to: bl.center)
        let estimate = (dTop / top + dLeft / left) / 2 + 7
        var dims: [Int] = []
        let snap = snappedDimension
        // Timing-pattern counts along the top and left timing lines.
        let t1 = timingCount(matrix, from: tl.center, to: tr.center, other: bl.center, module: top)
        let t2 = timingCount(matrix, from: tl.center, to: bl.center, other: tr.center, module: left)
        if let t1, let t2, abs(t1 - t2) <= 2 { dims.append(snap(Double(t1 + t2) / 2 + 15)) }
        for t in [t1, t2].compactMap({ $0 }) {
            let d = Double(t) + 15
            if abs(d - estimate) < max(4, estimate * 0.2) { dims.append(snap(d)) }
        }
        // From version 7 on, the version information names the dimension outright (§7.10): it comes
        // before every estimate, which the finder spacing of a warped or blurred symbol can miss by more
        // than the ±4 modules tried below.
        if estimate >= 40, let v = versionFromInformation(matrix, tl: tl, tr: tr, bl: bl, legs: (top, left)) {
            dims.insert(17 + 4 * v, at: 0)
        }
        let primary = snap(estimate)
        dims.append(primary)
        dims += [primary + 4, primary - 4]
        var seen = Set<Int>()
        dims = dims.filter { $0 >= 21 && $0 <= 177 && seen.insert($0).inserted }
        return dims.compactMap { grid(matrix, tl: tl, tr: tr, bl: bl, dimension: $0) }
    }

    /// The version named by the version information blocks beside the top-right and bottom-left finders
    /// (ISO/IEC 18004:2015 §7.10), read without knowing the dimension: each block lies at fixed module
    /// offsets from its finder's centre (columns −7…−5 and rows −3…2 of the top-right one, the transpose
    /// at the bottom-left one), which are mapped along the legs' directions with the legs' module sizes
    /// (`legs`, ``legModuleSizes(_:tl:tr:bl:)``). Nil unless the readings are confident
    /// (``QRVersionInformation/isConfident(_:)``): random modules pass about one time in 2000.
    static func versionFromInformation(
        _ m: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern, legs: (top: Double, left: Double)
    ) -> Int? {
        let top = tr.center - tl.center, left = bl.center - tl.center
        let lt = top.length, ll = left.length
        guard lt > 0, ll > 0 else { return nil }
        let ex = top * (legs.top / lt), ey = left * (legs.left / ll)
        // The standard's bit positions for a symbol of dimension 0: the top-right copy's columns are then
        // −11…−9 (offsets −7…−5 from its finder's centre, column n − 3.5), the bottom-left copy's rows.
        let readings = QRVersionInformation.readings(dimension: 0) { x, y in
            let p =
                x < 0
                ? tr.center + ex * Double(x + 4) + ey * Double(y - 3)
                : bl.center + ex * Double(x - 3) + ey * Double(y + 4)
            return m.isDark(at: p) ?? false
        }
        guard QRVersionInformation.isConfident(readings) else { return nil }
        return QRVersionInformation.decode(readings)
    }

    /// Module sizes along the top (top-left → top-right) and left (top-left → bottom-left) legs,
    /// measured across the finder patterns in the leg's direction: the finders' own row/column
    /// measurements overstate the module of a rotated symbol by up to √2.
    static func legModuleSizes(_ m: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern)
        -> (top: Double, left: Double)
    {
        (legModuleSize(m, tl, tr), legModuleSize(m, tl, bl))
    }

    /// The module size along the leg between finder patterns `a` and `b`: their widths measured along
    /// the leg's direction over 14 (7 when only one reads as a finder there). The same either way round, so a
    /// search may keep it per pair of patterns.
    static func legModuleSize(_ m: BitMatrix, _ a: QRFinderPattern, _ b: QRFinderPattern) -> Double {
        let d = b.center - a.center
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        guard len > 0 else { return (a.moduleSize + b.moduleSize) / 2 }
        let u = Point(d.x / len, d.y / len)
        let x = finderWidth(m, at: a.center, direction: u, module: a.moduleSize)
        let y = finderWidth(m, at: b.center, direction: u * -1, module: b.moduleSize)
        switch (x, y) {
        case let (x?, y?): return (x + y) / 14
        case let (x?, nil): return x / 7
        case let (nil, y?): return y / 7
        default: return (a.moduleSize + b.moduleSize) / 2
        }
    }

    /// The width of a finder pattern (its five runs) through `c` along the unit vector `u`, in pixels,
    /// or `nil` when the runs are not in 1:1:3:1:1.
    static func finderWidth(_ m: BitMatrix, at c: Point, direction u: Point, module: Double) -> Double? {
        func dark(_ s: Double) -> Bool? { m.isDark(at: c + u * s) }
        let limit = module * 3 + 3
        // Runs outward from the centre, backward (centre, light, outer dark) then forward: run k of a
        // side is the centre (index 2) for k = 0, then index 2 ∓ k; no arrays (asked for every triple).
        var counts = (0, 0, 0, 0, 0)
        for sign in [-1.0, 1.0] {
            var s = sign > 0 ? 1.0 : 0.0
            for k in 0..<3 {
                let want = k != 1
                var n = 0
                while let d = dark(s * sign), d == want {
                    n += 1
                    s += 1
                    if Double(n) > limit * (k == 0 ? 2 : 1) { return nil }
                }
                if n == 0 && k != 0 { return nil }
                switch (k, sign > 0) {
                case (0, _): counts.2 += n
                case (1, false): counts.1 += n
                case (2, false): counts.0 += n
                case (1, true): counts.3 += n
                default: counts.4 += n
                }
            }
        }
        guard QRFinderPatternFinder.ratioMatches(counts.0, counts.1, counts.2, counts.3, counts.4) else { return nil }
        return Double(counts.0 + counts.1 + counts.2 + counts.3 + counts.4)
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
        if !timingLineIsClockwise(from: a, to: b, other: other) { px = -px; py = -py }
        let shift = 3.0 * module
        let start = a + Point(px, py) * shift
        guard len.isFinite, len > 8, len < 1e6 else { return nil }
        let steps = Int(len.rounded())
        var transitions = 0
        var last: Bool? = nil
        // Start just outside the finders (3.5 modules in from each centre).
        let skip = 3.5 * module
        for s in 0...steps {
            let t = Double(s)
            if t < skip || t > len - skip { continue }
            guard let d = m.isDark(at: start + Point(ux, uy) * t) else { return nil }
            if let l = last, l != d { transitions += 1 }
            last = d
        }
        // From separator to separator: light, (dim − 16) alternating modules starting and ending dark,
        // light — dim − 15 transitions.
        return transitions
    }
}
