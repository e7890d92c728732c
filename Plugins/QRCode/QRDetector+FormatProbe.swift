import ScanCore

extension QRDetector {
    /// How well the format information of a finder triple reads before any grid is fitted.
    enum FormatEvidence: Int, Comparable {
        /// Neither copy is within 3 bit errors of a valid word, in either orientation.
        case none
        /// The nearest valid word is within 3 bit errors (``QRFormatInformation/decode(_:)``): about 80 %
        /// of random modules pass in one orientation or the other.
        case weak
        /// ``QRFormatInformation/isClearBeforeGrid(_:)`` in one orientation.
        case confident

        static func < (a: FormatEvidence, b: FormatEvidence) -> Bool { a.rawValue < b.rawValue }
    }

    /// Reads both copies of the format information (ISO/IEC 18004:2015 §7.9.1, Figure 25) of the symbol a
    /// finder triple would make, before any grid is fitted. Every format module lies next to a finder
    /// pattern, at the same offset from that pattern's centre whatever the version (copy 1 around the
    /// top-left pattern; copy 2's bits 14…8 beside the bottom-left and bits 7…0 beside the top-right), so
    /// each is sampled from its own pattern's centre along the leg directions (top-left → top-right,
    /// top-left → bottom-left). The module size along a leg is the leg's length over (dimension − 7),
    /// shared between its two patterns in the ratio of their widths measured along it, so that it
    /// follows perspective (the patterns' widths alone are too coarse, and one transform from the three
    /// centres too far off under perspective). The dimension is the one the patterns' widths imply,
    /// snapped to 4k + 17, its neighbours ±4, and the `dimensions` given (those the timing patterns count:
    /// a large symbol's patterns are too few pixels wide to fix its size). The mirrored reading swaps the
    /// legs (a symbol seen from behind).
    ///
    /// `legs`, when given, are ``formatLegWidths(_:_:_:)`` of (`tl`, `tr`) and (`tl`, `bl`): a search over
    /// many triples keeps them per pair of patterns.
    static func formatEvidence(
        _ m: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern, dimensions: [Int] = [],
        legs: (top: (Double, Double), left: (Double, Double))? = nil
    ) -> FormatEvidence {
        let top = tr.center - tl.center, left = bl.center - tl.center
        let lt = (top.x * top.x + top.y * top.y).squareRoot(), ll = (left.x * left.x + left.y * left.y).squareRoot()
        guard lt > 0, ll > 0 else { return .none }
        let ut = top * (1 / lt), ul = left * (1 / ll)
        let topWidths = legs?.top ?? formatLegWidths(m, tl, tr)
        let leftWidths = legs?.left ?? formatLegWidths(m, tl, bl)
        let wt = (tl: topWidths.0, tr: topWidths.1, bl: patternWidth(m, bl, along: ut))
        let wl = (tl: leftWidths.0, tr: patternWidth(m, tr, along: ul), bl: leftWidths.1)
        let estimate = (2 * lt / ((wt.tl + wt.tr) / 7) + 2 * ll / ((wl.tl + wl.bl) / 7)) / 2 + 7
        let primary = Int(((estimate - 17) / 4).rounded()) * 4 + 17
        var sizes: [Int] = []
        for n in [primary, primary - 4, primary + 4] + dimensions where n >= 21 && n <= 177 && !sizes.contains(n) {
            sizes.append(n)
        }
        // Four readings of both copies (30 modules) for each of 3–5 sizes, for tens of thousands of
        // triples on a frame with many symbols: the samples read the matrix's pixels directly (as ``ScanCore/BitMatrix/isDark(at:)``,
        // outside the matrix light).
        return m.bits.withUnsafeBufferPointer { px in
            let width = m.width, fw = Double(m.width), fh = Double(m.height)
            @inline(__always) func dark(_ q: Point) -> Bool {
                guard q.x >= 0, q.y >= 0, q.x < fw, q.y < fh else { return false }
                return px[Int(q.y) * width + Int(q.x)] != 0
            }
            return formatEvidence(
                sizes: sizes, lt: lt, ll: ll, ut: ut, ul: ul, wt: wt, wl: wl, tl: tl.center, tr: tr.center,
                bl: bl.center, dark: dark)
        }
    }

    /// The readings of ``formatEvidence(_:tl:tr:bl:dimensions:legs:)`` for each of `sizes`: legs `lt` and
    /// `ll` pixels long along unit vectors `ut` and `ul`, the patterns' widths along them `wt` and `wl`,
    /// their centres `tl`, `tr` and `bl`, and `dark` telling a pixel's colour.
    @inline(__always)
    private static func formatEvidence(
        sizes: [Int], lt: Double, ll: Double, ut: Point, ul: Point, wt: (tl: Double, tr: Double, bl: Double),
        wl: (tl: Double, tr: Double, bl: Double), tl: Point, tr: Point, bl: Point, dark: (Point) -> Bool
    ) -> FormatEvidence {
        var best = FormatEvidence.none
        // Each size with the module shared in the patterns' width ratios, and with one module along each
        // leg (the ratios of patterns a few pixels wide are mostly the widths' rounding).
        for n in sizes {
            for perspective in [true, false] {
                let mt = lt / Double(n - 7), ml = ll / Double(n - 7)
                let (rt, rl) = perspective ? (wt, wl) : ((tl: 1.0, tr: 1.0, bl: 1.0), (tl: 1.0, tr: 1.0, bl: 1.0))
                // Module vectors at each pattern: along the top leg and along the left leg.
                let atTL = (ut * (mt * 2 * rt.tl / (rt.tl + rt.tr)), ul * (ml * 2 * rl.tl / (rl.tl + rl.bl)))
                let atTR = (ut * (mt * 2 * rt.tr / (rt.tl + rt.tr)), atTL.1 * (rl.tr / rl.tl))
                let atBL = (atTL.0 * (rt.bl / rt.tl), ul * (ml * 2 * rl.bl / (rl.tl + rl.bl)))
                for mirrored in [false, true] {
                    // Mirrored: the legs swap roles, and with them the top-right and bottom-left patterns.
                    let (c0, f0) = (tl, mirrored ? (atTL.1, atTL.0) : atTL)
                    let (cr, fr) = mirrored ? (bl, (atBL.1, atBL.0)) : (tr, atTR)
                    let (cd, fd) = mirrored ? (tr, (atTR.1, atTR.0)) : (bl, atBL)
                    // Offsets in modules from the pattern's centre (module centres at +0.5): copy 1's module
                    // (x, y) is (x − 3, y − 3) from the top-left centre (3.5, 3.5).
                    var first = 0
                    for x in [0, 1, 2, 3, 4, 5, 7, 8] {
                        first = first << 1 | (dark(c0 + f0.0 * Double(x - 3) + f0.1 * 5) ? 1 : 0)
                    }
                    for y in [7, 5, 4, 3, 2, 1, 0] {
                        first = first << 1 | (dark(c0 + f0.0 * 5 + f0.1 * Double(y - 3)) ? 1 : 0)
                    }
                    // Copy 2: bits 14…8 at (8, n − 1 − k), i.e. (5, 3 − k) from the bottom-left centre
                    // (3.5, n − 3.5); bits 7…0 at (n − 8 + k, 8), i.e. (k − 4, 5) from the top-right centre.
                    var second = 0
                    for k in 0..<7 { second = second << 1 | (dark(cd + fd.0 * 5 + fd.1 * Double(3 - k)) ? 1 : 0) }
                    for k in 0..<8 { second = second << 1 | (dark(cr + fr.0 * Double(k - 4) + fr.1 * 5) ? 1 : 0) }
                    let readings = InformationReadings(first: first, second: second)
                    if QRFormatInformation.isClearBeforeGrid(readings) { return .confident }
                    if QRFormatInformation.decode(readings) != nil { best = .weak }
                }
            }
        }
        return best
    }

    /// A pattern's width along the unit vector `u`, in pixels (7 modules); 7 module sizes when its runs
    /// there are not 1:1:3:1:1.
    static func patternWidth(_ m: BitMatrix, _ p: QRFinderPattern, along u: Point) -> Double {
        finderWidth(m, at: p.center, direction: u, module: p.moduleSize) ?? 7 * p.moduleSize
    }

    /// The widths of patterns `a` and `b` along the leg from `a` to `b` (``patternWidth(_:_:along:)``), as
    /// ``formatEvidence(_:tl:tr:bl:dimensions:legs:)`` measures them; (0, 0) when they share a centre.
    static func formatLegWidths(_ m: BitMatrix, _ a: QRFinderPattern, _ b: QRFinderPattern) -> (Double, Double) {
        let d = b.center - a.center
        let l = (d.x * d.x + d.y * d.y).squareRoot()
        guard l > 0 else { return (0, 0) }
        let u = d * (1 / l)
        return (patternWidth(m, a, along: u), patternWidth(m, b, along: u))
    }
}
