import ScanCore

/// Alignment patterns (ISO/IEC 18004:2015 §6.3.6): the search for one near its predicted place, its
/// centre refined on the runs through it, and the finer module mapping through all of them.
extension QRDetector {
    /// A finer mapping for versions 7 and up: every alignment pattern is located, and each module is
    /// mapped through the homography of the cell of alignment centres around it. This follows a symbol
    /// printed on a curved or unevenly tilted surface better than one global transform.
    ///
    /// The patterns are searched in a wave from the top-left finder (by the sum of their grid indices),
    /// each within 2.5 modules of where the places already known nearest to it put it (an affine fit of
    /// up to six, ``localPrediction(_:_:known:at:positions:)``), with the module axes of that fit: on a
    /// curved sheet the global transform `d.transform` misses the middle patterns by more than that, while
    /// the bend between neighbours is small. The three corners next to the finders, which hold no
    /// pattern, are placed by `d.transform` and start the wave; a pattern not found keeps its predicted
    /// place. Returns `nil` for versions below 7 or when fewer than half the patterns are found.
    public static func alignmentMapping(_ m: BitMatrix, _ d: QRDetection) -> ((Int, Int) -> Point)? {
        alignmentCentres(m, d).flatMap { cellMapping($0, dimension: d.dimension) }
    }

    /// The alignment centres of `d` in a grid of `k` × `k` (row-major, the three finder corners
    /// included), located as ``alignmentMapping(_:_:)`` says, and their module positions `positions`
    /// (the same across and down); nil for versions below 7 or when fewer than half are found.
    static func alignmentCentres(_ m: BitMatrix, _ d: QRDetection) -> AlignmentCentres? {
        guard let version = QRVersion.version(forDimension: d.dimension), version.number >= 7 else { return nil }
        let c = version.alignmentCenters
        let k = c.count
        let module: Double = (d.finders[0].moduleSize + d.finders[1].moduleSize + d.finders[2].moduleSize) / 3
        let pos: [Double] = c.map { Double($0) + 0.5 }
        var refs = [Point](repeating: Point(0, 0), count: k * k)
        var known = [Bool](repeating: false, count: k * k)
        for (i, j) in [(0, 0), (k - 1, 0), (0, k - 1)] {
            refs[j * k + i] = d.transform.apply(Point(pos[i], pos[j]))
            known[j * k + i] = true
        }
        let order = (0..<(k * k)).filter { !known[$0] }.sorted {
            let a = ($0 % k + $0 / k, abs($0 % k - $0 / k)), b = ($1 % k + $1 / k, abs($1 % k - $1 / k))
            return a < b
        }
        var found = 0
        for idx in order {
            let i = idx % k, j = idx / k
            let mp = Point(pos[i], pos[j])
            var predicted = d.transform.apply(mp)
            var ex = d.transform.apply(Point(mp.x + 1, mp.y)) - predicted
            var ey = d.transform.apply(Point(mp.x, mp.y + 1)) - predicted
            if let local = localPrediction(refs, k, known: known, at: (i, j), positions: pos) {
                (predicted, ex, ey) = local
            }
            refs[idx] = predicted
            if let p = findAlignment(m, near: predicted, module: module, ex: ex, ey: ey, radiusModules: 2.5) {
                refs[idx] = p
                known[idx] = true
                found += 1
            }
        }
        guard found * 2 >= order.count else { return nil }
        return AlignmentCentres(points: refs, k: k, positions: pos, centres: c)
    }

    /// Alignment centres located in an image (``alignmentCentres(_:_:)``).
    struct AlignmentCentres {
        /// Image points, row-major, `k` × `k`.
        var points: [Point]
        var k: Int
        /// Module position of each row and column of centres (centre module + 0.5).
        var positions: [Double]
        /// Module index of each row and column of centres (§6.3.6, Annex E).
        var centres: [Int]
    }

    /// Each module mapped through the homography of the cell of alignment centres around it (the outer
    /// cells extend to the symbol's edges); nil when a cell is degenerate.
    static func cellMapping(_ a: AlignmentCentres, dimension: Int) -> ((Int, Int) -> Point)? {
        let refs = a.points, k = a.k, pos = a.positions, c = a.centres
        // One homography per cell; the outer cells extend to the symbol's edges.
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
        let cellOf: [Int] = (0..<dimension).map { v in
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

    /// Each module mapped through the smooth surface through all the alignment centres: per coordinate,
    /// Lagrange interpolation across the (up to) four rows and four columns of centres nearest to the
    /// module (a window kept inside the grid at its edges). Unlike the cells' homographies it bends
    /// between centres as the sheet bends around them: a label on a bottle crowds its modules towards the
    /// sides within each cell, which a homography of the cell's four corners spreads evenly.
    static func surfaceMapping(_ a: AlignmentCentres) -> (Int, Int) -> Point {
        let k = a.k, pos = a.positions, refs = a.points
        let span = min(4, k)
        /// The window's first index and its Lagrange weights at module position `x`.
        func weights(_ x: Double) -> (Int, [Double]) {
            var first = 0
            while first + 1 < k && pos[first + 1] <= x { first += 1 }
            first = max(0, min(k - span, first - (span - 1) / 2))
            var w = [Double](repeating: 1, count: span)
            for i in 0..<span {
                for j in 0..<span where j != i {
                    w[i] *= (x - pos[first + j]) / (pos[first + i] - pos[first + j])
                }
            }
            return (first, w)
        }
        return { (i: Int, j: Int) -> Point in
            let (fu, wu) = weights(Double(i) + 0.5), (fv, wv) = weights(Double(j) + 0.5)
            var x = 0.0, y = 0.0
            for b in 0..<span {
                for a in 0..<span {
                    let p = refs[(fv + b) * k + fu + a], w = wu[a] * wv[b]
                    x += w * p.x
                    y += w * p.y
                }
            }
            return Point(x, y)
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
        return findAlignment(
            m, near: near, module: module, ex: transform.apply(Point(a + 1, b)) - o,
            ey: transform.apply(Point(a, b + 1)) - o, radiusModules: radiusModules)
    }

    /// ``findAlignment(_:near:module:transform:at:atY:radiusModules:)`` with the module axes `ex` and `ey`
    /// (pixels per module along the symbol's columns and rows) given.
    static func findAlignment(
        _ m: BitMatrix, near: Point, module: Double, ex: Point, ey: Point, radiusModules: Double
    ) -> Point? {
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

    /// Where the alignment pattern (`at`: its indices in the grid of alignment centres, `k` per side) lies
    /// by the places already `known` nearest to it (up to six, by their distance in the grid): the affine
    /// map fitted to them by least squares (module positions `positions` of the centres), its image of
    /// the pattern's centre and its module axes. Nil when fewer than three known places span a plane.
    static func localPrediction(
        _ refs: [Point], _ k: Int, known: [Bool], at: (Int, Int), positions pos: [Double]
    ) -> (Point, Point, Point)? {
        let near = refs.indices.filter { known[$0] }.sorted {
            let a = ($0 % k - at.0) * ($0 % k - at.0) + ($0 / k - at.1) * ($0 / k - at.1)
            let b = ($1 % k - at.0) * ($1 % k - at.0) + ($1 / k - at.1) * ($1 / k - at.1)
            return a < b
        }.prefix(6)
        guard near.count >= 3 else { return nil }
        // Normal equations of x' = a·u + b·v + c (and y' alike) over the known places, module positions
        // taken relative to the pattern's own (u, v) so that c is the prediction.
        let u0 = pos[at.0], v0 = pos[at.1]
        var suu = 0.0, suv = 0.0, svv = 0.0, su = 0.0, sv = 0.0, n = 0.0
        var sxu = 0.0, sxv = 0.0, sx = 0.0, syu = 0.0, syv = 0.0, sy = 0.0
        for idx in near {
            let u = pos[idx % k] - u0, v = pos[idx / k] - v0, p = refs[idx]
            suu += u * u; suv += u * v; svv += v * v; su += u; sv += v; n += 1
            sxu += p.x * u; sxv += p.x * v; sx += p.x
            syu += p.y * u; syv += p.y * v; sy += p.y
        }
        // The normal equations [[suu, suv, su], [suv, svv, sv], [su, sv, n]] · (a, b, c) = right-hand side.
        let normal = [suu, suv, su, suv, svv, sv, su, sv, n]
        guard let x = PerspectiveTransform.solve(normal, [sxu, sxv, sx], n: 3),
            let y = PerspectiveTransform.solve(normal, [syu, syv, sy], n: 3)
        else { return nil }
        let result = (Point(x[2], y[2]), Point(x[0], y[0]), Point(x[1], y[1]))
        guard result.0.x.isFinite, result.0.y.isFinite else { return nil }
        return result
    }
}
