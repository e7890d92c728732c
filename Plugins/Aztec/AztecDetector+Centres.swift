import Foundation
import ScanCore

/// Step 1 of ``AztecDetector``: bull's-eye centre candidates from row runs, checked along lines through them.
extension AztecDetector {

    struct Centre {
        var centre: Point
        var moduleSize: Double
        var hits: Int
    }

    static func centres(_ m: BitMatrix, rowStep: Int, mask: CandidateMask? = nil) -> [Centre] {
        let plain = centres(m, rowStep: rowStep, despeckle: false, mask: mask)
        return plain.isEmpty ? centres(m, rowStep: rowStep, despeckle: true, mask: mask) : plain
    }

    /// The row runs `runs[0..<count]` with every 1-pixel run inside the row merged into its neighbours
    /// (salt-and-pepper noise), written into `out`, whose storage is kept from call to call: the result is
    /// `out[0..<n]` for the `n` returned.
    static func despeckle(_ runs: [Int], count: Int, into out: inout [Int]) -> Int {
        if out.count < count { out = [Int](repeating: 0, count: count) }
        var n = 0
        var i = 0
        while i < count {
            if runs[i] == 1, i > 0, i + 1 < count, n > 0 {
                out[n - 1] += 1 + runs[i + 1]
                i += 2
            } else {
                out[n] = runs[i]
                n += 1
                i += 1
            }
        }
        return n
    }

    /// True when the six ring spacings (half the sum of neighbouring runs) around dark run `c` are each
    /// within 0.65…1.35 `u` and no run among them is wider than 1.8 `u`. Cheapest test first: most runs of
    /// a frame fail the first spacing.
    @inline(__always)
    static func ringsEvenlySpaced(_ runs: [Int], around c: Int, moduleSize u: Double) -> Bool {
        let lo = 1.3 * u, hi = 2.7 * u, widest = 1.8 * u  // spacing × 2
        for i in (c - 3)..<(c + 3) {
            let twice = Double(runs[i] + runs[i + 1])
            if twice < lo || twice > hi || Double(runs[i]) > widest { return false }
        }
        return true
    }

    static func centres(_ m: BitMatrix, rowStep: Int, despeckle: Bool, mask: CandidateMask? = nil) -> [Centre] {
        var found: [Centre] = []
        let speckle = despeckle ? 1.1 : 0
        var raw: [Int] = [], clean: [Int] = []
        for y in stride(from: 0, to: m.height, by: max(1, rowStep)) {
            for span in mask?.rowSpans(y, grownBy: 0.5) ?? [0..<m.width] {
                var count = m.rowRuns(y, in: span, into: &raw)
                if despeckle { count = Self.despeckle(raw, count: count, into: &clean) }
                let runs = despeckle ? clean : raw
                guard count >= 10 else { continue }
                // Pixel where run c starts.
                var start = span.lowerBound + runs[0] + runs[1] + runs[2] + runs[3] + runs[4]
                var c = 5
                while c + 4 < count {
                    defer {
                        start += runs[c] + runs[c + 1]
                        c += 2
                    }
                    // Ring centres, not ring widths, are equally spaced: blur, ink spread and the threshold
                    // widen every dark ring and narrow every light one by the same amount.
                    let total =
                        runs[c - 3] + runs[c - 2] + runs[c - 1] + runs[c] + runs[c + 1] + runs[c + 2]
                        + runs[c + 3]
                    guard total >= 7 else { continue }
                    let u = (Double(total) - Double(runs[c - 3] + runs[c + 3]) / 2) / 6
                    guard
                        Self.ringsEvenlySpaced(runs, around: c, moduleSize: u),
                        Double(runs[c - 4]) >= 0.4 * u, Double(runs[c + 4]) >= 0.4 * u
                    else { continue }
                    let x = Double(start) + Double(runs[c]) / 2
                    // Row and column checks twice (a line missing the centre can still show the pattern on
                    // a rotated bull's-eye), then the closed inner ring and point symmetry along both
                    // diagonals.
                    let along = Point(x, Double(y) + 0.5)
                    // The light ring's corners first, before any walk (a checkerboard or diagonal stripes
                    // pass the row test at every dark run), from the scan row (the shortest reach still
                    // meets the ring on a turned symbol's diagonals when the row passes up to half a module
                    // off the centre), then from the column's centre with its spacing.
                    guard innerRingCornersAreLight(m, along, alongRow: u, alongColumn: u, atLeast: 3),
                        let v1 = crossCheck(m, along, vertical: true, moduleSize: u, speckle: speckle),
                        innerRingCornersAreLight(
                            m, Point(x, v1.centre), alongRow: u, alongColumn: v1.moduleSize, atLeast: 3),
                        let h1 = crossCheck(m, Point(x, v1.centre), vertical: false, moduleSize: u, speckle: speckle),
                        let v = crossCheck(
                            m, Point(h1.centre, v1.centre), vertical: true, moduleSize: u, speckle: speckle),
                        let h = crossCheck(
                            m, Point(h1.centre, v.centre), vertical: false, moduleSize: u, speckle: speckle),
                        abs(h.centre - h1.centre) < 0.5 * u
                    else { continue }
                    let p = Point(h.centre, v.centre)
                    let size = (v.moduleSize + h.moduleSize) / 2
                    // The closed inner ring first: on texture it rejects most of what the line checks pass.
                    guard innerRingIsEnclosed(m, p, moduleSize: size, alongRow: h.moduleSize),
                        isSymmetric(m, p, dx: 1, dy: 1, moduleSize: size, speckle: speckle),
                        isSymmetric(m, p, dx: 1, dy: -1, moduleSize: size, speckle: speckle)
                    else { continue }
                    if let k = found.firstIndex(where: {
                        $0.centre.distance(to: p) < 0.75 * min($0.moduleSize, size)
                    }) {
                        let n = Double(found[k].hits)
                        found[k].centre = Point(
                            (found[k].centre.x * n + p.x) / (n + 1), (found[k].centre.y * n + p.y) / (n + 1))
                        found[k].moduleSize = (found[k].moduleSize * n + size) / (n + 1)
                        found[k].hits += 1
                    } else {
                        found.append(Centre(centre: p, moduleSize: size, hits: 1))
                    }
                }
            }
        }
        return found.sorted { $0.hits > $1.hits }
    }

    /// True when the light ring shows on at least `atLeast` of the four diagonals of the dark centre
    /// module at `p`: a light pixel among the points ``innerRingCornerReach`` ring spacings along the row
    /// (`alongRow` pixels) and along the column (`alongColumn`) away from it, towards the ring's corners.
    ///
    /// ISO/IEC 24778:2008 §6.2: the rings are squares, ring k spanning k − ½ to k + ½ modules of the centre
    /// in the symbol's own axes (Chebyshev distance), ring 1 light. The spacing along a line is the module
    /// over the larger of |cos θ| and |sin θ| of the symbol's turn θ, so a point k spacings out on a
    /// diagonal lies k(|cos θ| + |sin θ|) / max(|cos θ|, |sin θ|) modules from the centre: from k (not
    /// turned) to 2k (turned by 45°). No one k stays in the light ring at every turn once ink spread has
    /// narrowed it (a single k does only in 0.5…0.75 without spread); the reaches, 0.15 spacing apart, put
    /// points at most 0.3 module apart along each diagonal from inside the centre module out past the ring,
    /// so one of them falls inside it while ink spread leaves it at least 0.3 module wide, at any turn;
    /// the shortest, 0.4, also where `p` lies up to half a module off the centre (a scan row), which moves
    /// two diagonals' points outwards. A checkerboard of the ring spacing (a calibration target,
    /// tiles, a checked cloth) passes the ring-spacing tests along the row and the column around every
    /// square, but from a square's centre every point up to 1.5 spacings out on a diagonal lies in the
    /// dark square there or in its own.
    static func innerRingCornersAreLight(
        _ m: BitMatrix, _ p: Point, alongRow: Double, alongColumn: Double, atLeast: Int
    ) -> Bool {
        let width = m.width, height = m.height
        return m.bits.withUnsafeBufferPointer { bits in
            var light = 0, dark = 0
            // Diagonal d: x sign (d & 1), y sign (d & 2).
            for d in 0..<4 {
                let sx = d & 1 == 0 ? alongRow : -alongRow
                let sy = d & 2 == 0 ? alongColumn : -alongColumn
                var seen = false
                for i in innerRingCornerReach.indices {
                    let k = innerRingCornerReach[i]
                    let fx = p.x + k * sx, fy = p.y + k * sy
                    // Comparisons first: NaN fails them, and truncation is the floor for non-negative values.
                    guard fx >= 0, fy >= 0, fx < Double(width), fy < Double(height) else { continue }
                    if bits[Int(fy) * width + Int(fx)] == 0 {
                        seen = true
                        break
                    }
                }
                if seen { light += 1 } else { dark += 1 }
                if dark > 4 - atLeast { return false }
            }
            return light >= atLeast
        }
    }

    /// The offsets of ``innerRingCornersAreLight(_:_:alongRow:alongColumn:atLeast:)``'s points from the centre, in
    /// ring spacings along each axis.
    static let innerRingCornerReach: InlineArray<7, Double> = [0.4, 0.55, 0.7, 0.85, 1.0, 1.15, 1.3]

    /// True when the light ring around the dark centre module at `p` is closed by the dark ring around
    /// it (ISO/IEC 24778:2008 §6.2: concentric square rings one module wide): its light pixels, filled from
    /// one module right of the centre (`alongRow`, the module size along the row, when it differs from
    /// `u`, a foreshortened symbol's), stay within 3 modules of the centre (the ring reaches 1.5 modules
    /// along its sides, 2.1 at its corners; the light ring beyond the next dark one starts at 2.5) and
    /// number at most 18 square modules (the ring holds 8). Dot grids, stripes and text, which pass the
    /// ring-spacing tests along lines, leak.
    ///
    /// Straight light paths from the start (``lightPathsAreBounded(_:x:y:centre:reach:)``) are tried first:
    /// on texture most leaks show on one of them, for a few pixels' work instead of a fill.
    static func innerRingIsEnclosed(_ m: BitMatrix, _ p: Point, moduleSize u: Double, alongRow: Double? = nil) -> Bool {
        let x = Int(p.x + (alongRow ?? u)), y = Int(p.y), reach = 3 * u
        return lightPathsAreBounded(m, x: x, y: y, centre: p, reach: reach)
            && m.lightRegionIsEnclosed(x: x, y: y, centre: p, reach: reach, maxArea: Int(18 * u * u) + 8)
    }

    /// False when a straight 4-connected path of light pixels leads from (x, y) to the border of the box
    /// that ``BitMatrix/lightRegionIsEnclosed(x:y:centre:reach:maxArea:regions:)`` fills within (`reach` around
    /// `centre`), or when that fill would refuse to start: in either case the fill answers false, so
    /// this test changes no decision. Paths: the four axis directions and the four diagonal staircases
    /// (one pixel across, one pixel along, both light).
    static func lightPathsAreBounded(_ m: BitMatrix, x: Int, y: Int, centre: Point, reach: Double) -> Bool {
        // The fill's box, computed as the fill computes it.
        let x0 = max(0, Int((centre.x - reach).rounded(.down)))
        let x1 = min(m.width - 1, Int((centre.x + reach).rounded(.up)))
        let y0 = max(0, Int((centre.y - reach).rounded(.down)))
        let y1 = min(m.height - 1, Int((centre.y + reach).rounded(.up)))
        guard x0 < x, x < x1, y0 < y, y < y1 else { return false }
        let width = m.width
        return m.bits.withUnsafeBufferPointer { bits in
            guard bits[y * width + x] == 0 else { return false }
            /// True when the path meets a dark pixel before a light one on the border.
            @inline(__always) func blocked(_ dx: Int, _ dy: Int) -> Bool {
                var cx = x, cy = y
                while true {
                    if dx != 0 {
                        cx += dx
                        if bits[cy * width + cx] != 0 { return true }
                        if cx == x0 || cx == x1 { return false }
                    }
                    if dy != 0 {
                        cy += dy
                        if bits[cy * width + cx] != 0 { return true }
                        if cy == y0 || cy == y1 { return false }
                    }
                }
            }
            return blocked(1, 0) && blocked(0, -1) && blocked(0, 1) && blocked(-1, 0) && blocked(1, -1)
                && blocked(1, 1) && blocked(-1, 1) && blocked(-1, -1)
        }
    }

    /// Checks rings 0–2 along the column (`vertical`) or the row through `p`; returns the refined centre
    /// coordinate along that line and the module size seen along it.
    static func crossCheck(
        _ m: BitMatrix, _ p: Point, vertical: Bool, moduleSize u: Double, speckle: Double = 0
    ) -> (centre: Double, moduleSize: Double)? {
        let limit = 8 * u
        guard
            let a = axisTransitions(
                m, from: p, vertical: vertical, forward: true, count: 3, limit: limit,
                minRun: speckle),
            let b = axisTransitions(
                m, from: p, vertical: vertical, forward: false, count: 3, limit: limit,
                minRun: speckle)
        else { return nil }
        // Midpoints of light ring 1 and dark ring 2 on both sides (at 1 and 2 modules).
        let a1 = (a[0] + a[1]) / 2
        let a2 = (a[1] + a[2]) / 2
        let b1 = (b[0] + b[1]) / 2
        let b2 = (b[1] + b[2]) / 2
        let size = (a2 + b2) / 4
        // The module size along this line may be a third of the row's or three times it: a symbol
        // foreshortened by a view at up to about 70° of tilt.
        guard size >= u / 3, size <= 3 * u, a1 + b1 >= 1.5 * size, a1 + b1 <= 2.5 * size else { return nil }
        let along = vertical ? p.y : p.x
        return (along + (a2 - b2) / 2, size)
    }

    /// True when the first three colour changes from `p` along (dx, dy) and against it match (the centre of
    /// a point-symmetric pattern).
    static func isSymmetric(
        _ m: BitMatrix, _ p: Point, dx: Double, dy: Double, moduleSize u: Double, speckle: Double = 0
    ) -> Bool {
        let l = (dx * dx + dy * dy).squareRoot()
        let ux = dx / l
        let uy = dy / l
        guard let a = transitions(m, from: p, dx: ux, dy: uy, count: 3, limit: 12 * u, minRun: speckle),
            let b = transitions(m, from: p, dx: -ux, dy: -uy, count: 3, limit: 12 * u, minRun: speckle)
        else { return false }
        let a1 = (a[0] + a[1]) / 2
        let a2 = (a[1] + a[2]) / 2
        let b1 = (b[0] + b[1]) / 2
        let b2 = (b[1] + b[2]) / 2
        let unit = (a2 + b2) / 4
        guard unit >= 0.5 * u, unit <= 2 * u else { return false }
        return abs(a1 - b1) <= 0.6 * unit + 1 && abs(a2 - b2) <= 0.6 * unit + 1 && abs(a[0] - b[0]) <= unit + 1
    }

    /// The first colour changes along a ray, held inline: the centre search walks rays for every row
    /// candidate, and a heap array per ray cost more than the walk.
    struct RayEdges {
        /// The most changes one walk records.
        static let capacity = 8
        var distances = InlineArray<8, Double>(repeating: 0)
        var count = 0

        @inline(__always) subscript(i: Int) -> Double { distances[i] }
    }

    /// Distances from `p` along the unit direction (dx, dy) at which the colour changes, starting on a
    /// dark pixel; `count` of them (at most ``RayEdges/capacity``), or `nil` when `p` is light or the line
    /// leaves the image or passes `limit` first. The ray is sampled every half pixel (`p` + t·(dx, dy)
    /// truncated to a pixel); pairs of changes closer than `minRun` (speckle) are ignored.
    @inline(__always)
    static func transitions(
        _ m: BitMatrix, from p: Point, dx: Double, dy: Double, count: Int, limit: Double, minRun: Double
    ) -> RayEdges? {
        precondition(count <= RayEdges.capacity, "at most \(RayEdges.capacity) edges per ray")
        let width = m.width
        let w = Double(m.width), h = Double(m.height)
        return m.bits.withUnsafeBufferPointer { bits -> RayEdges? in
            @inline(__always) func at(_ t: Double) -> UInt8? {
                let fx = p.x + t * dx, fy = p.y + t * dy
                guard fx >= 0, fy >= 0, fx < w, fy < h else { return nil }  // also NaN
                return bits[Int(fy) * width + Int(fx)]
            }
            let step = 0.5
            var t = 0.0
            guard let first = at(0), first == 1 else { return nil }
            var current: UInt8 = 1
            var out = RayEdges()
            while out.count < count {
                t += step
                if t > limit { return nil }
                guard let v = at(t) else { return nil }
                if v != current {
                    let edge = t - step / 2
                    if minRun > 0, out.count >= 1, edge - out.distances[out.count - 1] < minRun {
                        out.count -= 1
                    } else {
                        out.distances[out.count] = edge
                        out.count += 1
                    }
                    current = v
                }
            }
            return out
        }
    }
}
