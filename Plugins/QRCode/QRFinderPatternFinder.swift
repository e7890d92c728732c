import ScanCore

/// A finder pattern candidate: centre in image pixels and estimated module size.
public struct QRFinderPattern: Sendable, Equatable {
    public var center: Point
    public var moduleSize: Double
    /// How many scan lines confirmed it.
    public var count: Int

    /// True when at least half the rows through its 3-module centre confirmed it (row step 1): a finder
    /// pattern is met by every row that crosses its centre square, a chance pattern in texture or noise
    /// by a row or two.
    public var isWellSupported: Bool { Double(count) >= max(2, 1.5 * moduleSize) }
}

/// Finds the finder patterns (ISO/IEC 18004:2015 §6.3.3: 7 × 7 modules, a dark ring, a light ring and a
/// 3 × 3 dark centre, so that any line through the centre crosses dark:light:dark:light:dark runs in the
/// ratio 1:1:3:1:1) in a binarized image, at any rotation.
///
/// Method: every row is split into runs; each window of five runs starting with dark in that ratio
/// (each run within half a module of its ideal length, the centre within one and a half modules) is
/// cross-checked along the column through its centre and along the row again at the refined centre,
/// and then along a diagonal, and its light ring must be enclosed by its dark ring
/// (``lightRingIsEnclosed(_:x:y:centre:module:rings:)``). Confirmed candidates closer than a module to each other with similar
/// module sizes are merged (weighted by their counts).
public enum QRFinderPatternFinder {
    /// How far a masked row search reads past each stretch of searched blocks, as a fraction of the
    /// stretch's length on each side: the candidate blocks of a symbol with large modules may cover only
    /// part of it, away from the corners where the finder patterns are.
    public static let spanGrowth = 0.5

    /// All finder pattern candidates, strongest (most confirmations) first. With a `mask`, rows are read
    /// only over its ``CandidateMask/rowSpans(_:grownBy:plus:)`` grown by ``spanGrowth``; the vertical
    /// and diagonal checks of a pattern found there read the whole matrix.
    public static func find(_ matrix: BitMatrix, rowStep: Int = 1, mask: CandidateMask? = nil) -> [QRFinderPattern] {
        let w = matrix.width, h = matrix.height
        guard w >= 7, h >= 7 else { return [] }
        var found: [QRFinderPattern] = []
        // Every row through a pattern's centre tests the same light ring.
        let rings = EnclosedLightRegions()
        var runs: [Int] = []
        matrix.bits.withUnsafeBufferPointer { px in
            var y = 0
            while y < h {
                let spans = mask?.rowSpans(y, grownBy: spanGrowth) ?? [0..<w]
                for span in spans {
                    let count = matrix.rowRuns(y, in: span, into: &runs)
                    // Dark runs are the odd ones (runs[0] is the light run before the first dark pixel).
                    var i = 1
                    var position = span.lowerBound + runs[0]
                    while i + 4 < count {
                        let total = runs[i] + runs[i + 1] + runs[i + 2] + runs[i + 3] + runs[i + 4]
                        if total >= 7 {
                            if ratioMatches(runs[i], runs[i + 1], runs[i + 2], runs[i + 3], runs[i + 4]) {
                                let centerX = Double(position + runs[i] + runs[i + 1]) + Double(runs[i + 2]) / 2
                                if let c = confirm(px, matrix, centerX: centerX, y: y, total: total, rings: rings) {
                                    add(c, to: &found)
                                }
                            }
                        }
                        position += runs[i] + runs[i + 1]
                        i += 2
                    }
                }
                y += rowStep
            }
        }
        return found.sorted { $0.count > $1.count }
    }

    /// True when five run lengths are close to 1:1:3:1:1.
    @inline(__always)
    static func ratioMatches(_ c: [Int]) -> Bool {
        ratioMatches(c[0], c[1], c[2], c[3], c[4])
    }

    /// ``ratioMatches(_:)`` for five runs given one by one (no array).
    @inline(__always)
    static func ratioMatches(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, _ c4: Int) -> Bool {
        let total = c0 + c1 + c2 + c3 + c4
        guard total >= 7 else { return false }
        let m = Double(total) / 7
        let tol = m * 0.5
        // Generous tolerance for the centre (blur grows dark runs and shrinks light ones).
        return abs(Double(c0) - m) < tol * 1.4 && abs(Double(c1) - m) < tol * 1.4
            && abs(Double(c2) - 3 * m) < 3 * tol && abs(Double(c3) - m) < tol * 1.4
            && abs(Double(c4) - m) < tol * 1.4
    }

    /// Five run lengths across a candidate, outer dark to outer dark (no array: counted for every row
    /// candidate).
    struct FiveRuns {
        var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0
        var total: Int { c0 + c1 + c2 + c3 + c4 }
        /// ``ratioMatches(_:)`` of these runs.
        var matchesRatio: Bool { QRFinderPatternFinder.ratioMatches(c0, c1, c2, c3, c4) }
    }

    /// Five runs through (cx, cy) along direction (dx, dy) (unit steps in pixels), centred on the dark
    /// run containing the start; `nil` when the start is light or a run exceeds `maxRun`.
    /// Returns the run lengths and the offset (in steps, from the start) of the centre run's middle.
    @inline(__always)
    static func crossRuns(
        _ px: UnsafeBufferPointer<UInt8>, w: Int, h: Int, x0: Int, y0: Int, dx: Int, dy: Int, maxRun: Int
    ) -> (counts: FiveRuns, centerOffset: Double)? {
        func dark(_ x: Int, _ y: Int) -> Bool? {
            guard x >= 0, y >= 0, x < w, y < h else { return nil }
            return px[y * w + x] != 0
        }
        guard dark(x0, y0) == true else { return nil }
        var counts = FiveRuns()
        // Backward: centre, light, outer dark.
        var s = 0
        while dark(x0 - s * dx, y0 - s * dy) == true {
            counts.c2 += 1; s += 1; if counts.c2 > 3 * maxRun { return nil }
        }
        let back = s
        while dark(x0 - s * dx, y0 - s * dy) == false { counts.c1 += 1; s += 1; if counts.c1 > maxRun { return nil } }
        guard counts.c1 > 0 else { return nil }
        while dark(x0 - s * dx, y0 - s * dy) == true { counts.c0 += 1; s += 1; if counts.c0 > maxRun { return nil } }
        guard counts.c0 > 0 else { return nil }
        // Forward.
        s = 1
        while dark(x0 + s * dx, y0 + s * dy) == true {
            counts.c2 += 1; s += 1; if counts.c2 > 3 * maxRun { return nil }
        }
        let fwd = s - 1
        while dark(x0 + s * dx, y0 + s * dy) == false { counts.c3 += 1; s += 1; if counts.c3 > maxRun { return nil } }
        guard counts.c3 > 0 else { return nil }
        while dark(x0 + s * dx, y0 + s * dy) == true { counts.c4 += 1; s += 1; if counts.c4 > maxRun { return nil } }
        guard counts.c4 > 0 else { return nil }
        // Centre of the centre run, relative to the start, in steps.
        let center = Double(fwd - (back - 1)) / 2
        return (counts, center)
    }

    static func confirm(
        _ px: UnsafeBufferPointer<UInt8>, _ matrix: BitMatrix, centerX: Double, y: Int, total: Int,
        rings: EnclosedLightRegions? = nil
    ) -> QRFinderPattern? {
        let w = matrix.width, h = matrix.height
        let maxRun = max(3, total / 7 * 2 + 2)
        let cx = Int(centerX)
        guard let v = crossRuns(px, w: w, h: h, x0: cx, y0: y, dx: 0, dy: 1, maxRun: maxRun),
            v.counts.matchesRatio
        else { return nil }
        let vTotal = v.counts.total
        // The two widths within a factor 3 of each other, whichever is the longer (a pattern seen at a
        // slant is narrower along the tilt, horizontally or vertically alike). The vertical runs are also
        // held to `maxRun` (about two horizontal modules), so a pattern may be about twice as tall as wide.
        guard 3 * abs(vTotal - total) < 2 * max(total, vTotal) else { return nil }
        let cy = Double(y) + 0.5 + v.centerOffset
        guard let hr = crossRuns(px, w: w, h: h, x0: cx, y0: Int(cy), dx: 1, dy: 0, maxRun: maxRun),
            hr.counts.matchesRatio
        else { return nil }
        let hTotal = hr.counts.total
        let rx = Double(cx) + 0.5 + hr.centerOffset
        // Diagonal check (rejects lines of text and stripes that pass the two axis checks).
        guard let d = crossRuns(px, w: w, h: h, x0: Int(rx), y0: Int(cy), dx: 1, dy: 1, maxRun: maxRun * 2),
            d.counts.matchesRatio
        else { return nil }
        let module = Double(hTotal + vTotal) / 14
        // The light ring must be closed: the middle of the light run right of the centre run, filled, within
        // the pattern's largest extent through its centre (rows, columns and both diagonals: under strong
        // perspective a pattern is much longer along one diagonal).
        var extent = Double(max(hTotal, vTotal)) / 7
        extent = max(extent, Double(d.counts.total) * 2.0.squareRoot() / 7)
        if let a = crossRuns(px, w: w, h: h, x0: Int(rx), y0: Int(cy), dx: 1, dy: -1, maxRun: maxRun * 2) {
            extent = max(extent, Double(a.counts.total) * 2.0.squareRoot() / 7)
        }
        let ringX = Int(rx + Double(hr.counts.c2) / 2 + Double(hr.counts.c3) / 2)
        guard lightRingIsEnclosed(matrix, x: ringX, y: Int(cy), centre: Point(rx, cy), module: extent, rings: rings)
        else { return nil }
        return QRFinderPattern(center: Point(rx, cy), moduleSize: module, count: 1)
    }

    static func add(_ c: QRFinderPattern, to found: inout [QRFinderPattern]) {
        for i in found.indices {
            let f = found[i]
            if f.center.distance(to: c.center) < max(f.moduleSize, c.moduleSize) * 1.5,
                abs(f.moduleSize - c.moduleSize) <= max(1, 0.5 * f.moduleSize)
            {
                let n = Double(f.count)
                found[i] = QRFinderPattern(
                    center: Point((f.center.x * n + c.center.x) / (n + 1), (f.center.y * n + c.center.y) / (n + 1)),
                    moduleSize: (f.moduleSize * n + c.moduleSize) / (n + 1), count: f.count + 1)
                return
            }
        }
        found.append(c)
    }
}
