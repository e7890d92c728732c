import ScanCore

/// A located Data Matrix candidate: a size and the transform from its module grid to the image.
public struct DMDetection: Sendable {
    public let size: DMSymbolSize
    /// Module-grid coordinates (0…columns, 0…rows; finder at the left and bottom) → image pixels.
    public let transform: PerspectiveTransform
    /// True when the symbol is read from its mirror image.
    public let isMirrored: Bool
    /// Fraction of finder, timing and alignment modules that were as expected (0…1).
    public let score: Double

    /// True when `other` is the same hypothesis of one candidate's detections: the same size, read the
    /// same way (each is refined once per candidate).
    func isSameHypothesis(as other: DMDetection) -> Bool {
        size == other.size && isMirrored == other.isMirrored
    }
}

/// Finds ECC 200 symbols in a binarized image (ISO/IEC 16022:2006 §5.3 and §7: the L-shaped finder of
/// two solid edges, the two opposite edges of alternating timing modules).
///
/// ```swift
/// for candidate in DMDetector.candidates(matrix) { for d in DMDetector.detections(matrix, candidate) { … } }
/// ```
///
/// Method (our own): dark pixels are grouped into 8-connected components (a symbol's finder, timing and
/// data modules touch one another, so a symbol is mostly one component). The convex hull of a large
/// component gives a quadrilateral; the corner whose two sides are solid dark is the finder's corner L,
/// and the other three corners follow clockwise. The finder's thickness estimates the module size, hence
/// candidate sizes; for each size of Table 7 that fits, the module grid is laid over the quadrilateral by
/// a perspective transform, and the finder and timing modules of every data region are checked. The
/// fourth corner (at the light end of both timing edges, so not on the dark hull) is refined by a local
/// search that maximises that check. Perspective, any rotation and mirror images (the finder read
/// clockwise instead of counter-clockwise) follow from the transform.
public enum DMDetector {
    /// A quadrilateral with its finder corner: `l` (the finder's corner), then clockwise in the image
    /// `a`, `b` (opposite `l`), `c`.
    public struct Candidate: Sendable {
        public var l, a, b, c: Point
        /// Estimated module size in pixels.
        public var module: Double
        /// The module size across the finder side `c`–`l` (pixels): the thickness of the finder bar along
        /// it, measured square to it, when measured. It differs from ``moduleAcrossLA`` when the symbol is
        /// seen at a slant, which foreshortens it and its modules along the tilt.
        public var moduleAcrossCL: Double? = nil
        /// The module size across the finder side `l`–`a` (pixels), as ``moduleAcrossCL``.
        public var moduleAcrossLA: Double? = nil
        /// Starting guesses for `b` besides itself (the parallelogram completion, the intersection of
        /// the hull edges leaving `a` and `c`).
        public var bGuesses: [Point] = []
    }

    // MARK: finder

    /// For the side from `p` to `q` of a quadrilateral with centre `centre`: the fraction of points along
    /// it where the pixel just inside is dark, and (when `measureRuns`) the dark run lengths measured
    /// inwards from there (pixels, at most a third of the side), all of them and those that `ended` before
    /// that limit. A run still dark at the limit measured no bar: the bar merges with dark data modules
    /// there (or, beside the corner of a strongly slanted symbol, the run goes along the other finder bar).
    /// With `atLeast`, sampling stops once the fraction can no longer reach it, and
    /// the fraction returned is then some value below `atLeast` (callers that only keep sides at least
    /// that dark get the same answers for less).
    static func sideProfile(
        _ m: BitMatrix, _ p: Point, _ q: Point, centre: Point, samples: Int = 24, tolerance: Double = 0,
        measureRuns: Bool = true, atLeast: Double? = nil
    )
        -> (dark: Double, runs: [Double], ended: [Double])
    {
        let dx = q.x - p.x
        let dy = q.y - p.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1 else { return (0, [], []) }
        var nx = -dy / len
        var ny = dx / len
        let mid = Point((p.x + q.x) / 2, (p.y + q.y) / 2)
        if (centre.x - mid.x) * nx + (centre.y - mid.y) * ny < 0 {
            nx = -nx
            ny = -ny
        }
        var darkCount = 0
        var runs: [Double] = [], ended: [Double] = []
        let limit = len / 3
        let reach = max(1.2, len * max(0.012, tolerance))
        for s in 0..<samples {
            let t = (Double(s) + 0.5) / Double(samples) * 0.9 + 0.05
            let base = Point(p.x + dx * t, p.y + dy * t)
            // The first dark pixel within a small tolerance of the side (the hull runs along the outermost
            // pixels of a ragged or blurred edge, which may stand out of it by a pixel or two).
            var d = 0.5
            while d <= reach, m.isDark(at: Point(base.x + nx * d, base.y + ny * d)) != true { d += 0.5 }
            guard d <= reach else {
                if let atLeast, Double(s + 1 - darkCount) > Double(samples) * (1 - atLeast) { break }
                continue
            }
            darkCount += 1
            guard measureRuns else { continue }
            let start = d
            while d < limit, m.isDark(at: Point(base.x + nx * d, base.y + ny * d)) == true { d += 0.5 }
            runs.append(d - start + 0.5)
            if d < limit { ended.append(d - start + 0.5) }
        }
        return (Double(darkCount) / Double(samples), runs, ended)
    }

    /// The least fraction of a finder side's samples that must be dark for the side to count as solid.
    static let finderSideDarkness = 0.75

    /// The fraction of a side's samples above which it is solid even for a timing pattern's side, whose
    /// samples on light modules may meet a dark data module within the profile's reach: (about half the
    /// samples on dark timing modules, and half of the others on dark data modules behind them).
    static let solidSideDarkness = 0.95

    /// The finder corner of a quadrilateral (clockwise), or `nil` when no corner has two solid sides.
    static func candidate(_ m: BitMatrix, quad q: [Point], hull: [Point] = []) -> Candidate? {
        let centre = Point((q[0].x + q[1].x + q[2].x + q[3].x) / 4, (q[0].y + q[1].y + q[2].y + q[3].y) / 4)
        var profiles: [(dark: Double, runs: [Double], ended: [Double])] = []
        var bestK = -1
        var best = 0.0
        // Strictly along the hull first; then allowing the edge to lie up to 2.5 % of the side inside
        // it (blurred photographs, where a few outlying dark pixels carry the hull).
        // The dark fractions alone decide the corner (cheap: a few pixels per sample); the inward runs
        // that estimate the module size are measured on the two finder sides only.
        var tolerance = 0.0
        // A side shorter than an eighth of the longest is the end of an arm: an L finder whose modules
        // touch no data module (a local binarization can part them diagonally) has a triangle for a
        // hull, so the quadrilateral has a side about one module long, and the two corners beside it
        // have solid sides too (the arms). Those corners are passed over while another has two solid
        // sides. (A rectangular symbol's short sides are a sixth of its long ones or more.)
        let lengths = (0..<4).map { k -> Double in
            let p = q[k], r = q[(k + 1) % 4]
            return ((r.x - p.x) * (r.x - p.x) + (r.y - p.y) * (r.y - p.y)).squareRoot()
        }
        let longest = lengths.max() ?? 0
        let besideStub = (0..<4).map { k in min(lengths[(k + 3) % 4], lengths[k]) < longest / 8 }
        for t in [0.0, 0.025] {
            tolerance = t
            profiles = (0..<4).map {
                sideProfile(
                    m, q[$0], q[($0 + 1) % 4], centre: centre, tolerance: t, measureRuns: false,
                    atLeast: Self.finderSideDarkness)
            }
            for k in 0..<4 {
                // Sides k−1 (into corner k) and k (out of it).
                let s = min(profiles[(k + 3) % 4].dark, profiles[k].dark)
                if s > best {
                    best = s
                    bestK = k
                }
            }
            if bestK >= 0 && besideStub[bestK] {
                for k in 0..<4 where !besideStub[k] {
                    if min(profiles[(k + 3) % 4].dark, profiles[k].dark) >= Self.finderSideDarkness {
                        bestK = k
                        best = min(profiles[(k + 3) % 4].dark, profiles[k].dark)
                        break
                    }
                }
            }
            if best >= Self.finderSideDarkness { break }
        }
        guard bestK >= 0, best >= Self.finderSideDarkness else { return nil }
        // The two sides away from the finder are the timing patterns (§5.3: alternating modules), dark
        // along about half their length: a region dark along nearly all of all four sides is no symbol (a
        // light label's paper in the negative image, a solid blob), and its detections, scored for every
        // size of Table 7, are most of the inverted pass's cost on a photo of labels.
        if profiles[(bestK + 1) % 4].dark >= Self.solidSideDarkness
            && profiles[(bestK + 2) % 4].dark >= Self.solidSideDarkness
        {
            return nil
        }
        let into = (bestK + 3) % 4
        // Runs inwards from the side c–l measure the finder bar along it, square to it; runs from l–a, the
        // bar along l–a.
        let acrossCL = sideProfile(m, q[into], q[(into + 1) % 4], centre: centre, tolerance: tolerance)
        let acrossLA = sideProfile(m, q[bestK], q[(bestK + 1) % 4], centre: centre, tolerance: tolerance)
        var runs = acrossCL.runs + acrossLA.runs
        guard !runs.isEmpty else { return nil }
        runs.sort()
        let module = max(1.0, runs[runs.count / 4])
        func lowerQuartile(_ r: [Double]) -> Double? { r.isEmpty ? nil : max(1.0, r.sorted()[r.count / 4]) }
        // Each bar's own thickness from the shortest of the runs that ended before the limit and agree
        // (``Self/barThickness(_:)``): the runs are the bar alone, or the bar and the dark modules beside
        // it (whole modules longer), and where dark data modules border a bar along most of it (blur, a
        // dark corner region) the bar alone may be under a quarter of them. Else the lower quartile.
        func thickness(_ p: (dark: Double, runs: [Double], ended: [Double])) -> Double? {
            Self.barThickness(p.ended).map { max(1.0, $0) } ?? lowerQuartile(p.runs)
        }
        var cand = Candidate(
            l: q[bestK], a: q[(bestK + 1) % 4], b: q[(bestK + 2) % 4], c: q[(bestK + 3) % 4], module: module,
            moduleAcrossCL: thickness(acrossCL), moduleAcrossLA: thickness(acrossLA))
        cand.bGuesses.append(Point(cand.a.x + cand.c.x - cand.l.x, cand.a.y + cand.c.y - cand.l.y))
        if let b = hullCorner(hull, cand) { cand.bGuesses.append(b) }
        return cand
    }

    /// A finder bar's thickness from the runs measured across it (pixels): the median of the shortest
    /// group of runs within a factor 1.3 of one another that holds a sixth of them (three at least), the
    /// runs of the bar alone; `nil` when no group does. Runs that go on into dark modules beside the bar
    /// are a module or more longer, and shorter ones (a speck of light in the bar) are too few to make a
    /// group.
    static func barThickness(_ runs: [Double]) -> Double? {
        let r = runs.sorted()
        let need = max(3, r.count / 6)
        var j = 0
        for i in r.indices {
            if j < i { j = i }
            while j + 1 < r.count && r[j + 1] <= 1.3 * r[i] { j += 1 }
            if j - i + 1 >= need { return r[(i + j) / 2] }
        }
        return nil
    }

    /// The intersection of the timing edges as the hull shows them: from `a` and from `c`, the line to
    /// the farthest hull vertex towards `b` that keeps every vertex in between within a pixel of it.
    static func hullCorner(_ hull: [Point], _ c: Candidate) -> Point? {
        let n = hull.count
        guard n >= 4, let ia = hull.firstIndex(of: c.a), let ic = hull.firstIndex(of: c.c),
            let il = hull.firstIndex(of: c.l)
        else { return nil }
        // Direction along the hull from a that does not pass l first.
        func between(_ from: Int, _ to: Int, step: Int) -> [Int] {
            var out: [Int] = []
            var i = from
            while i != to {
                i = (i + step + n) % n
                out.append(i)
            }
            return out
        }
        let fwd = between(ia, ic, step: 1)
        let step = fwd.contains(il) ? -1 : 1
        func edge(from start: Int, to end: Int, step: Int) -> Point? {
            let chain = between(start, end, step: step)
            let p = hull[start]
            var best: Point? = nil
            for (k, i) in chain.enumerated() {
                let q = hull[i]
                let len = p.distance(to: q)
                guard len > 2 else { continue }
                let straight = chain.prefix(k).allSatisfy { j in
                    abs((q.x - p.x) * (hull[j].y - p.y) - (q.y - p.y) * (hull[j].x - p.x)) / len <= 1.0
                }
                if straight { best = q } else { break }
            }
            return best
        }
        guard let pa = edge(from: ia, to: ic, step: step), let pc = edge(from: ic, to: ia, step: -step) else {
            return nil
        }
        guard let side = Line(through: c.a, pa), let other = Line(through: c.c, pc) else { return nil }
        return side.intersection(with: other, minimumSine: 1e-9)
    }

    /// Finder candidates of a binarized image, largest component first; only components with a pixel
    /// inside `mask` (all of them when it is nil).
    public static func candidates(_ m: BitMatrix, minSide: Int = 10, mask: CandidateMask? = nil) -> [Candidate] {
        scan(m, minSide: minSide, mask: mask).candidates
    }

    /// ``candidates(_:minSide:mask:)`` and the census of the dot-like components of the whole image.
    static func scan(_ m: BitMatrix, minSide: Int = 10, mask: CandidateMask? = nil)
        -> (candidates: [Candidate], dots: DMDotCensus)
    {
        let (components, dots) = componentsAndDots(m, minSide: minSide)
        return (components.compactMap { candidate(ofComponent: $0, m, mask: mask) }, dots)
    }

    /// The finder candidate a dark component (its pixels in row order, as ``componentsAndDots(_:minSide:)``
    /// gives them) makes, or nil: none when it has no pixel inside `mask` (when given), when its hull
    /// has no quadrilateral, or when no corner of that has two solid sides. A decoder that may stop
    /// before the last component asks for each candidate when it gets to it.
    static func candidate(ofComponent pts: [Point], _ m: BitMatrix, mask: CandidateMask?) -> Candidate? {
        if let mask, !pts.contains(where: { mask.contains(x: Int($0.x), y: Int($0.y)) }) { return nil }
        let h = hull(rowOrdered: pts)
        guard let q = quad(h) else { return nil }
        return candidate(m, quad: q, hull: h)
    }

    /// A candidate from the whole image's dark bounding box (for `pure` images: one axis-aligned symbol,
    /// possibly without quiet zone).
    public static func pureCandidate(_ m: BitMatrix) -> Candidate? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<m.height {
            for x in 0..<m.width where m.bits[y * m.width + x] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        // An image without a dark pixel leaves minX at Int.max (minX + 4 would overflow).
        guard maxX >= 0, maxX > minX + 4, maxY > minY + 4 else { return nil }
        let q = [
            Point(Double(minX), Double(minY)), Point(Double(maxX + 1), Double(minY)),
            Point(Double(maxX + 1), Double(maxY + 1)), Point(Double(minX), Double(maxY + 1)),
        ]
        return candidate(m, quad: q)
    }
}
