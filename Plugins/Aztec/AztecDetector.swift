import Foundation
import ScanCore

/// A bull's-eye located in the image, with the symbol's geometry around it.
public struct AztecDetection: Sendable {
    /// Maps the detected frame (module units, origin at the centre of the centre module, u right and
    /// v down as seen in the image) to image pixels.
    public var transform: PerspectiveTransform
    /// Compact (2 dark rings around the centre) or full-range (3).
    public var compact: Bool
    /// Module size estimate in pixels.
    public var moduleSize: Double
    /// A rotated, scaled square fitted to rings 1–3 jointly: one angle and one scale from all ray points,
    /// steadier than four separately fitted sides when the core is only a few pixels wide.
    public var similarity: PerspectiveTransform?
}

extension AztecDetection {
    /// The same detection with the transform replaced by its affine part at the centre: the parallelogram
    /// through the midpoints of the core's sides. Perspective estimated from the small core alone
    /// is easily off; extrapolated over a large symbol, a plain parallelogram is often nearer.
    public var affine: AztecDetection {
        let t = transform
        let o = t.apply(Point(0, 0))
        let ex = (t.apply(Point(3, 0)) - t.apply(Point(-3, 0))) * (1.0 / 6)
        let ey = (t.apply(Point(0, 3)) - t.apply(Point(0, -3))) * (1.0 / 6)
        let affine = PerspectiveTransform(
            a11: ex.x, a12: ex.y, a13: 0, a21: ey.x, a22: ey.y, a23: 0, a31: o.x, a32: o.y, a33: 1)
        var d = self
        d.transform = affine
        return d
    }
}

/// Where the symbol's own axes lie in the detected frame: a mirror (u ↦ −u) then `rotation` quarter turns
/// clockwise.
public struct AztecOrientation: Sendable, Equatable {
    public var mirrored: Bool
    public var rotation: Int

    /// The detected-frame point of the symbol's centre-relative point (u, v).
    @inline(__always) func apply(_ u: Double, _ v: Double) -> (Double, Double) {
        var (x, y) = mirrored ? (-u, v) : (u, v)
        for _ in 0..<rotation { (x, y) = (-y, x) }
        return (x, y)
    }

    static let all: [AztecOrientation] = [false, true].flatMap { m in
        (0..<4).map { AztecOrientation(mirrored: m, rotation: $0) }
    }
}

/// Finds Aztec bull's-eyes in a bit matrix and measures them (ISO/IEC 24778:2008, finder pattern and
/// orientation patterns).
///
/// ```swift
/// for d in AztecDetector.detect(matrix) { … }   // one detection per bull's-eye
/// ```
///
/// Method:
/// 1. Rows are scanned for the run pattern light–dark–light–DARK–light–dark–light of equal widths
///    bounded by dark runs (the centre module and rings 1–3 of every bull's-eye, ring 4 being dark in
///    both kinds), then checked along the column through its centre, on the diagonals for the light
///    ring's corners (which a checkerboard lacks), for a closed light ring and for point symmetry;
///    nearby hits are merged.
/// 2. From the centre, 64 rays record where the colour changes. Ring k (Chebyshev distance k modules)
///    has its edges at k ± ½ in every direction, so the midpoints between the edges of light ring 3
///    lie on the square of half-side 3 in module units, whatever the rotation and (locally) the
///    perspective, with the same shift from ink spread on both edges cancelling out.
/// 3. A quadrilateral is fitted to those points (four corners from extreme points, then a line fit
///    per side and their intersections) and gives a perspective transform of the core.
/// 4. Rings 5 (light) and 6 (dark) around a full-range core tell the two kinds apart; for full-range
///    symbols the larger square of ring 5 refines the transform.
public enum AztecDetector {
    static let rayCount = 64

    /// Every plausible bull's-eye, strongest first.
    /// With a `mask`, rows are read only over its ``CandidateMask/rowSpans(_:grownBy:plus:)`` (grown by
    /// half their length on each side); the checks of a centre found there read the whole matrix.
    /// Centres inside one of `readOutlines` (symbols already read, corner points in pixels of `m`; see
    /// ``ScanCore/FrameContext/readOutlines``) are left out: two symbols never share their area.
    public static func detect(
        _ m: BitMatrix, rowStep: Int = 1, mask: CandidateMask? = nil, skipping readOutlines: [[Point]] = []
    ) -> [AztecDetection] {
        var out: [AztecDetection] = []
        for c in centres(m, rowStep: rowStep, mask: mask)
        where !readOutlines.contains(where: { Quadrilateral.contains($0, c.centre) }) {
            if let d = measure(m, centre: c.centre, moduleSize: c.moduleSize) { out.append(d) }
        }
        return out
    }

    // MARK: - Steps 2–4: geometry

    static func measure(_ m: BitMatrix, centre: Point, moduleSize u: Double) -> AztecDetection? {
        guard let core = fitRing(m, centre: centre, moduleSize: u, ring: 3) else { return nil }
        var transform = core
        let full = looksFullRange(m, transform)
        if full, let outer = fitRing(m, centre: centre, moduleSize: u, ring: 5) { transform = outer }
        let size = transform.apply(Point(0, 0)).distance(to: transform.apply(Point(1, 0)))
        return AztecDetection(
            transform: transform, compact: !full, moduleSize: size,
            similarity: fitSimilarity(m, centre: core.apply(Point(0, 0)), moduleSize: u, near: transform))
    }

    /// The square rings 1–3 lie on, as centre + rotation + scale: ring midpoints along 64 rays, then the
    /// angle θ minimising Σ (max(|x|, |y|) − k·s)² over the points rotated by −θ (k the ring, s the
    /// least-squares scale for that θ), searched in 0.5° steps and refined in 0.05° steps.
    /// The angle is taken modulo 90° nearest to the u axis of `near`, so orientations found in that frame
    /// hold in this one.
    static func fitSimilarity(_ m: BitMatrix, centre: Point, moduleSize u: Double, near: PerspectiveTransform)
        -> PerspectiveTransform?
    {
        var points: [(Double, Double, Double)] = []  // dx, dy, ring
        for k in 0..<rayCount {
            let a = 2 * Double.pi * Double(k) / Double(rayCount)
            let dx = cos(a)
            let dy = sin(a)
            guard let t = transitions(m, from: centre, dx: dx, dy: dy, count: 4, limit: 12 * u, minRun: 0.3 * u)
            else { continue }
            let mids = [(t[0] + t[1]) / 2, (t[1] + t[2]) / 2, (t[2] + t[3]) / 2]
            let unit = mids[2] / 3
            guard abs(mids[0] / unit - 1) <= 0.3, abs(mids[1] / unit - 2) <= 0.3 else { continue }
            for (i, r) in mids.enumerated() { points.append((r * dx, r * dy, Double(i + 1))) }
        }
        guard points.count >= 3 * rayCount / 2 else { return nil }
        func cost(_ theta: Double) -> (Double, Double) {
            let c = cos(theta)
            let s = sin(theta)
            var num = 0.0
            var den = 0.0
            var cheb = [Double](repeating: 0, count: points.count)
            for (i, p) in points.enumerated() {
                cheb[i] = max(abs(c * p.0 + s * p.1), abs(-s * p.0 + c * p.1))
                num += cheb[i] * p.2
                den += p.2 * p.2
            }
            let scale = num / den
            var residual = 0.0
            for (i, p) in points.enumerated() { residual += (cheb[i] - p.2 * scale) * (cheb[i] - p.2 * scale) }
            return (residual, scale)
        }
        var best = 0.0
        var bestCost = Double.infinity
        for step in 0..<180 {
            let theta = Double(step) * 0.5 * Double.pi / 180
            let c = cost(theta).0
            if c < bestCost {
                bestCost = c
                best = theta
            }
        }
        let coarse = best
        for step in -10...10 {
            let theta = coarse + Double(step) * 0.05 * Double.pi / 180
            let c = cost(theta).0
            if c < bestCost {
                bestCost = c
                best = theta
            }
        }
        let scale = cost(best).1
        let axis = near.apply(Point(1, 0)) - near.apply(Point(0, 0))
        let reference = atan2(axis.y, axis.x)
        var turns = ((reference - best) / (Double.pi / 2)).rounded()
        if !turns.isFinite { turns = 0 }
        best += turns * Double.pi / 2
        let ex = Point(cos(best), sin(best)) * scale
        let ey = Point(-sin(best), cos(best)) * scale
        let t = PerspectiveTransform(
            a11: ex.x, a12: ex.y, a13: 0, a21: ey.x, a22: ey.y, a23: 0, a31: centre.x, a32: centre.y, a33: 1)
        return t.isValid ? t : nil
    }

    /// The core transform from the light ring `ring` (3 or 5): midpoints of its two edges on each ray.
    static func fitRing(_ m: BitMatrix, centre: Point, moduleSize u: Double, ring: Int) -> PerspectiveTransform? {
        guard let first = fitRingOnce(m, centre: centre, moduleSize: u, ring: ring) else { return nil }
        // Rays from the true centre sample the ring evenly: redo once from the fitted centre when it moved.
        let c = first.apply(Point(0, 0))
        if c.distance(to: centre) > 0.25 * u, let second = fitRingOnce(m, centre: c, moduleSize: u, ring: ring) {
            return second
        }
        return first
    }

    static func fitRingOnce(_ m: BitMatrix, centre: Point, moduleSize u: Double, ring: Int) -> PerspectiveTransform? {
        let n = rayCount
        var points: [Point?] = []
        let needed = ring + 1
        for k in 0..<n {
            let a = 2 * Double.pi * Double(k) / Double(n)
            let dx = cos(a)
            let dy = sin(a)
            guard
                let t = transitions(
                    m, from: centre, dx: dx, dy: dy, count: needed, limit: Double(ring + 2) * u * 2.5,
                    minRun: 0.3 * u)
            else {
                points.append(nil)
                continue
            }
            // Ring midpoints at 1, 2, … along the ray (edges move with blur and ink spread; midpoints not).
            let unit = (t[needed - 2] + t[needed - 1]) / 2 / Double(ring)
            var consistent = true
            for k in 1..<ring where abs((t[k - 1] + t[k]) / 2 / unit - Double(k)) > 0.3 { consistent = false }
            guard consistent else {
                points.append(nil)
                continue
            }
            let r = (t[needed - 2] + t[needed - 1]) / 2
            points.append(Point(centre.x + r * dx, centre.y + r * dy))
        }
        guard points.filter({ $0 != nil }).count >= n * 3 / 4,
            let quad = fitQuadrilateral(points, centre: centre)
        else { return nil }
        let r = Double(ring)
        let t = PerspectiveTransform(
            from: (Point(-r, -r), Point(r, -r), Point(r, r), Point(-r, r)), to: (quad[0], quad[1], quad[2], quad[3]))
        return t.isValid ? t : nil
    }

    /// Four corners (clockwise in the image) of the square outline given by `points` (one per ray, in
    /// ray order, `nil` where a ray failed).
    static func fitQuadrilateral(_ points: [Point?], centre: Point) -> [Point]? {
        let valid = points.enumerated().compactMap { i, p in p.map { (i, $0) } }
        guard valid.count >= 8 else { return nil }
        guard let a = valid.max(by: { $0.1.distance(to: centre) < $1.1.distance(to: centre) }),
            let b = valid.max(by: { $0.1.distance(to: a.1) < $1.1.distance(to: a.1) })
        else { return nil }
        func side(_ p: Point) -> Double {
            (b.1.x - a.1.x) * (p.y - a.1.y) - (b.1.y - a.1.y) * (p.x - a.1.x)
        }
        guard let c = valid.max(by: { side($0.1) < side($1.1) }),
            let d = valid.min(by: { side($0.1) < side($1.1) }),
            side(c.1) > 0, side(d.1) < 0
        else { return nil }
        let corners = [a, b, c, d].sorted { $0.0 < $1.0 }
        let n = points.count
        // Fit a line to the points strictly between consecutive corners.
        var lines: [Line] = []
        for s in 0..<4 {
            let i0 = corners[s].0
            let i1 = corners[(s + 1) % 4].0
            var span: [Point] = []
            var i = (i0 + 2) % n
            let end = (i1 - 1 + n) % n
            while i != end && i != i1 {
                if let p = points[i] { span.append(p) }
                i = (i + 1) % n
            }
            if span.count >= 3 {
                guard let line = Line.fitted(span) else { return nil }
                lines.append(line)
            } else {
                guard let line = Line(through: corners[s].1, corners[(s + 1) % 4].1) else { return nil }
                lines.append(line)
            }
        }
        var quad: [Point] = []
        for s in 0..<4 {
            guard let p = lines[(s + 3) % 4].intersection(with: lines[s], minimumSine: 1e-9) else { return nil }
            quad.append(p)
        }
        // Sanity: a convex quadrilateral around the centre with sides of comparable length.
        let sides = (0..<4).map { quad[$0].distance(to: quad[($0 + 1) % 4]) }
        guard let lo = sides.min(), let hi = sides.max(), lo > 2, hi < 4 * lo else { return nil }
        for s in 0..<4 {
            let p = quad[s]
            let q = quad[(s + 1) % 4]
            let cross = (q.x - p.x) * (centre.y - p.y) - (q.y - p.y) * (centre.x - p.x)
            if cross <= 0 { return nil }
        }
        return quad
    }

    /// True when ring 5 is light and ring 6 dark around the core: a full-range bull's-eye.
    static func looksFullRange(_ m: BitMatrix, _ t: PerspectiveTransform) -> Bool {
        var light = 0
        var dark = 0
        for k in -5..<5 {
            for (u, v) in [(k, -5), (5, k), (-k, 5), (-5, -k)] where sample(m, t, Double(u), Double(v)) == 0 {
                light += 1
            }
        }
        for k in -6..<6 {
            for (u, v) in [(k, -6), (6, k), (-k, 6), (-6, -k)] where sample(m, t, Double(u), Double(v)) == 1 {
                dark += 1
            }
        }
        return light >= 34 && dark >= 41
    }

    /// The module at the detected-frame point (u, v): the majority of five pixels, at the point and a
    /// quarter module towards each corner (speckle and a slightly misplaced grid matter less); `nil` when
    /// the point is outside the image.
    @inline(__always) static func sample(_ m: BitMatrix, _ t: PerspectiveTransform, _ u: Double, _ v: Double)
        -> UInt8?
    {
        guard let centre = m.isDark(at: t.apply(Point(u, v))) else { return nil }
        var dark = centre ? 1 : 0
        for (du, dv) in [(-0.25, -0.25), (0.25, -0.25), (0.25, 0.25), (-0.25, 0.25)] {
            dark += (m.isDark(at: t.apply(Point(u + du, v + dv))) ?? centre) ? 1 : 0
        }
        return dark >= 3 ? 1 : 0
    }

    /// The symbol's modules, upright: module (i, j) of a `dimension`-square read through `grid` (symbol
    /// module coordinates to image pixels, see ``gridTransform(_:_:dimension:)``), by ``sample``. `nil` when
    /// more than a module's width of the symbol lies outside the image.
    static func sampleGrid(_ m: BitMatrix, _ grid: PerspectiveTransform, dimension n: Int) -> BitMatrix? {
        guard grid.isValid else { return nil }
        var out = BitMatrix(width: n, height: n)
        var outside = 0
        for j in 0..<n {
            for i in 0..<n {
                if let b = sample(m, grid, Double(i) + 0.5, Double(j) + 0.5) {
                    out.bits[j * n + i] = b
                } else {
                    outside += 1
                }
            }
        }
        return outside <= n ? out : nil
    }

    // MARK: - Orientation and mode message

    /// The 12 orientation modules of mode ring `r`: (u, v, dark) in the symbol's own frame — three dark at
    /// the top-left corner, two at the top-right, one at the bottom-right, none at the bottom-left.
    static func orientationModules(ring r: Int) -> [(Int, Int, UInt8)] {
        [
            (-r, -r, 1), (-r + 1, -r, 1), (-r, -r + 1, 1),
            (r, -r, 1), (r, -r + 1, 1), (r - 1, -r, 0),
            (r, r - 1, 1), (r, r, 0), (r - 1, r, 0),
            (-r, r, 0), (-r + 1, r, 0), (-r, r - 1, 0),
        ]
    }

    /// The mode message modules in reading order: clockwise from the top-left, 7 per side
    /// (compact) or 10 per side skipping the centre line (full-range).
    static func modeMessageModules(compact: Bool) -> [(Int, Int)] {
        let r = compact ? 5 : 7
        let along: [Int] = compact ? Array(-3...3) : (-5...5).filter { $0 != 0 }
        return along.map { ($0, -r) } + along.map { (r, $0) } + along.reversed().map { ($0, r) }
            + along.reversed().map { (-r, $0) }
    }

    /// Orientations sorted by how many orientation modules disagree, with at most `maxErrors` wrong.
    static func orientations(_ read: AztecModuleReader, compact: Bool, maxErrors: Int = 3) -> [AztecOrientation] {
        AztecOrientation.all.map { ($0, orientationErrors(read, compact: compact, $0)) }
            .filter { $0.1 <= maxErrors }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// How many of the 12 orientation modules disagree with orientation `o`.
    static func orientationErrors(_ read: AztecModuleReader, compact: Bool, _ o: AztecOrientation) -> Int {
        orientationModules(ring: compact ? 5 : 7).reduce(0) { errors, mark in
            let (x, y) = o.apply(Double(mark.0), Double(mark.1))
            return errors + (read.module(x, y) == mark.2 ? 0 : 1)
        }
    }

    /// The mode message bits read in orientation `o`.
    static func modeMessageBits(_ read: AztecModuleReader, compact: Bool, _ o: AztecOrientation) -> [UInt8] {
        modeMessageModules(compact: compact).map { u, v in
            let (x, y) = o.apply(Double(u), Double(v))
            return read.module(x, y) ?? 0
        }
    }

    /// Bilinear luminance at `p` (``LuminanceImage/bilinear(at:)``), `nil` outside the image.
    static func luminance(_ image: LuminanceImage, _ p: Point) -> Double? {
        guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0, p.x <= Double(image.width),
            p.y <= Double(image.height)
        else { return nil }
        return image.bilinear(at: p)
    }

    /// The symbol's modules read from luminance: each module's centre (bilinear) against one threshold
    /// halfway between the mean of the bull's-eye's dark rings and that of its light rings.
    static func sampleGrid(_ image: LuminanceImage, canonical: PerspectiveTransform, dimension n: Int, compact: Bool)
        -> BitMatrix?
    {
        guard
            let values = GridSampler.sampleLuminance(
                image, dimension: n, transform: gridTransform(canonical, dimension: n), tolerance: 2)
        else { return nil }
        let c = n / 2
        guard let threshold = bullseyeThreshold(compact: compact, { u, v in Double(values[(c + v) * n + c + u]) })
        else { return nil }
        return BitMatrix(width: n, height: n, bits: values.map { Double($0) < threshold ? 1 : 0 })
    }

    /// The grey level halfway between the mean of the bull's-eye's dark rings and that of its light rings
    /// (rings 0–4 compact, 0–6 full-range; ISO/IEC 24778:2008 §6.2: the centre module and every second ring dark), `value` giving the grey
    /// level of the module at centre-relative module coordinates (u, v); nil when a module has none or the
    /// two means differ by 10 grey levels or less (no contrast to read by).
    static func bullseyeThreshold(compact: Bool, _ value: (Int, Int) -> Double?) -> Double? {
        var dark = 0.0, light = 0.0, darkCount = 0.0, lightCount = 0.0
        for r in 0...(compact ? 4 : 6) {
            for k in -r...max(-r, r - 1) {
                for (u, v) in [(k, -r), (r, k), (-k, r), (-r, -k)] {
                    guard let g = value(u, v) else { return nil }
                    if r % 2 == 0 {
                        dark += g
                        darkCount += 1
                    } else {
                        light += g
                        lightCount += 1
                    }
                }
            }
        }
        guard light / lightCount - dark / darkCount > 10 else { return nil }
        return (dark / darkCount + light / lightCount) / 2
    }

    /// The symbol's centre-relative module coordinates, upright, to image pixels.
    static func canonicalTransform(_ d: AztecDetection, _ o: AztecOrientation) -> PerspectiveTransform {
        let square = [(-5.0, -5.0), (5.0, -5.0), (5.0, 5.0), (-5.0, 5.0)]
        let image = square.map { u, v in
            let (x, y) = o.apply(u, v)
            return d.transform.apply(Point(x, y))
        }
        let p = square.map { Point($0.0, $0.1) }
        return PerspectiveTransform(from: (p[0], p[1], p[2], p[3]), to: (image[0], image[1], image[2], image[3]))
    }

    /// Symbol module coordinates (0…dimension, origin at the symbol's top-left) to image pixels, from a
    /// centre-relative transform.
    static func gridTransform(_ canonical: PerspectiveTransform, dimension n: Int) -> PerspectiveTransform {
        let h = Double(n) / 2
        let shift = PerspectiveTransform(a11: 1, a12: 0, a13: 0, a21: 0, a22: 1, a23: 0, a31: -h, a32: -h, a33: 1)
        return shift.then(canonical)
    }
}
