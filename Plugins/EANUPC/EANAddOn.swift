import ScanCore

/// EAN-2 and EAN-5 add-on symbols (ISO/IEC 15420:2009, add-on symbols; GS1 General Specifications §5.2, add-on
/// symbols).
///
/// An add-on follows its main symbol after a light gap of 7–12 modules. It has a start pattern
/// (bar, space, bar: 1, 1, 2 modules), then its characters from number sets A and B, separated by a
/// delineator (space, bar: 1, 1). The number sets carry its check: for EAN-2 the value modulo 4, for
/// EAN-5 a weighted sum (3 × odd positions + 9 × even positions, modulo 10).
enum EANAddOn {
    struct Found {
        var digits: [Int]
        /// Index of its last bar.
        var lastBar: Int
    }

    /// The add-on after a main symbol whose right quiet zone is run `gapRun`; `module` is the main symbol's
    /// module size in pixels.
    static func decode(_ v: RunView, gapRun: Int, module: Double, options: DecodeOptions) -> Found? {
        let gap = v.w[gapRun] / module
        // 7–12 modules by the standard; blur and printing move it a little.
        guard gap >= Double(EANPatterns.addOnGapMin) - 3, gap <= Double(EANPatterns.addOnGapMax) + 4 else {
            return nil
        }
        for length in [5, 2] {
            if let f = decode(v, startRun: gapRun + 1, length: length, module: module) { return f }
        }
        return nil
    }

    static func decode(_ v: RunView, startRun a: Int, length: Int, module: Double) -> Found? {
        // start (3 runs), characters (4 runs), delineators (2 runs) between them.
        let lastBar = a + 2 + 4 * length + 2 * (length - 1)
        let quiet = lastBar + 1
        guard quiet < v.count else { return nil }
        let startModules = v.span(a, 3) / module
        guard startModules > 2.5, startModules < 5.5 else { return nil }
        // Bars and spaces of one module: the start's first bar and space, and each delineator.
        let spread = v.inkSpread(guards: [(a, 2)] + (1..<length).map { (a + 3 + 6 * $0 - 2, 2) })
        var digits: [Int] = [], sets: [Bool] = []
        var widths: [Double] = []
        var j = a + 3
        for k in 0..<length {
            if k > 0 {
                let d = v.span(j, 2) / module
                guard d > 1, d < 3.2 else { return nil }
                j += 2
            }
            guard
                let m = EANDigitMatcher.setsAB.match(
                    v.w[j], v.w[j + 1], v.w[j + 2], v.w[j + 3], spread: spread, firstIsBar: false)
            else {
                return nil
            }
            digits.append(m.digit)
            sets.append(m.setB)
            widths.append(v.span(j, 4))
            j += 4
        }
        // Characters are 7 modules each, like the main symbol's.
        for w in widths where w < 0.7 * 7 * module || w > 1.4 * 7 * module { return nil }
        // Right quiet zone (5 modules by the standard): a wide light run, or the end of the line.
        let ownModule = widths.reduce(0, +) / Double(7 * length)
        if quiet != v.count - 1 && v.w[quiet] < 4 * ownModule { return nil }
        if quiet == v.count - 1 && v.w[quiet] < 1.5 * ownModule { return nil }
        let expected: [Bool]
        if length == 2 {
            expected = EANPatterns.addOn2Parity[(digits[0] * 10 + digits[1]) % 4]
        } else {
            let check = (3 * (digits[0] + digits[2] + digits[4]) + 9 * (digits[1] + digits[3])) % 10
            expected = EANPatterns.addOn5Parity[check]
        }
        guard sets == expected else { return nil }
        return Found(digits: digits, lastBar: lastBar)
    }
}

extension EANAddOn {
    /// Fewest lines read across a symbol to confirm its add-on (otherwise one per pixel of its height).
    static let confirmationLines = 9
    /// Lines that must read the same add-on.
    static let confirmationsNeeded = 3
    /// Lines reading the add-on needed for each line that reads another one after the same main digits.
    static let confirmationMajority = 8

    /// True when the add-on of `b` (an EAN/UPC result with ``Barcode/addOn``) reads the same on at least
    /// ``confirmationsNeeded`` lines across the symbol, and on ``confirmationMajority`` times as many
    /// lines as read a different add-on after the same main digits; an EAN-2 also on more lines than read
    /// the main digits and no add-on. The lines cover `b`'s outline and go on above and below it while
    /// they read its main digits.
    ///
    /// The add-on's only checks are its parity pattern (EAN-5) or its value modulo 4 (EAN-2: every pair
    /// of number sets belongs to some value), so a misread character can pass; the lines that read one
    /// symbol must agree. Lines are one per pixel of the symbol's height (its corner points), over the
    /// middle 90 %, reaching 15 % of its length beyond each end for the quiet zones; each is read from
    /// its luminance profile (``LineProfileThreshold``, the engine's two hysteresis levels), then from
    /// the binarized image, until one gives an add-on.
    static func isConfirmed(_ b: Barcode, in frame: FrameContext, decoder: EANRowDecoder, options: DecodeOptions)
        -> Bool
    {
        let image = frame.image
        guard let addOn = b.addOn, let value = b.rawValue, value.hasSuffix(addOn),
            b.cornerPoints.count == 4
        else { return false }
        let main = String(value.dropLast(addOn.count))
        let c = b.cornerPoints
        var agree = 0, other = 0, none = 0
        /// The vote of the line from `p0` to `p1`: nil when it reads no main digits, else the add-ons it
        /// reads (empty for none).
        func vote(_ p0: Point, _ p1: Point) -> Set<String>? {
            // One vote per line: the add-on it reads, from the profile with the engine's two hysteresis
            // levels (the finer one for low contrast and blur), then from the binarized image.
            var reads = Set<String>()
            var mainRead = false
            for source in 0..<3 {
                let line =
                    source < 2
                    ? profileLine(image, from: p0, to: p1, margin: 0.15, hysteresis: source == 0 ? 0.07 : 0.025)
                    : binarizedLine(frame.binarized(options.binarizer), from: p0, to: p1, margin: 0.15)
                guard line.runs.count > 4 else { continue }
                for m in decoder.decodeRow(line, options: options)
                    + decoder.decodeRow(line.reversed(), options: options)
                where m.format == b.format && m.text.hasPrefix(main) {
                    mainRead = true
                    if let read = m.metadata[Barcode.addOnKey] { reads.insert(read) }
                }
                if !reads.isEmpty { break }
            }
            return mainRead || !reads.isEmpty ? reads : nil
        }
        func count(_ reads: Set<String>?) {
            guard let reads else { return }
            if reads.contains(where: { $0 != addOn }) {
                other += 1
            } else if reads.contains(addOn) {
                agree += 1
            } else {
                none += 1
            }
        }
        // One line per pixel of height (at least `confirmationLines`).
        let height = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        let lineCount = max(confirmationLines, Int(height))
        for k in 0..<lineCount {
            let t = 0.05 + 0.9 * Double(k) / Double(lineCount - 1)
            let p0 = Point(c[0].x + t * (c[3].x - c[0].x), c[0].y + t * (c[3].y - c[0].y))
            let p1 = Point(c[1].x + t * (c[2].x - c[1].x), c[1].y + t * (c[2].y - c[1].y))
            count(vote(p0, p1))
        }
        // The lines that read the add-on outline only their own rows; the symbol's bars may run on above
        // and below, where lines read its main digits and another add-on or none. The lines go on, a
        // pixel apart, while they read its main digits (up to three misses in a row).
        if height > 0 {
            let along = Point((c[3].x - c[0].x) / height, (c[3].y - c[0].y) / height)
            for (start, end, step) in [(c[0], c[1], -1.0), (c[3], c[2], 1.0)] {
                var misses = 0, k = 1.0
                while misses < 3 && k <= 4 * height + 20 {
                    let shift = along * (step * k)
                    let reads = vote(start + shift, end + shift)
                    if reads == nil { misses += 1 } else { misses = 0 }
                    count(reads)
                    k += 1
                }
            }
        }
        // An EAN-2's only check is its value modulo 4: the first two characters of a damaged EAN-5 (a cut
        // or glare across its third makes a quiet zone) pass it on the lines that cross the damage there,
        // while the lines across the rest of the symbol read its main digits and no add-on. An EAN-2 must
        // be read on more of the lines that read the symbol's main digits than not. (An EAN-5's parity
        // pattern is its check, one in ten: it keeps the agreement above.)
        if addOn.count == 2 && agree <= none { return false }
        return agree >= confirmationsNeeded && confirmationMajority * other <= agree
    }

    /// The pixels of `matrix` nearest to the points from `a` to `b` (extended as in ``profileLine``), one
    /// per pixel of length, as a scan line.
    static func binarizedLine(_ matrix: BitMatrix, from a: Point, to b: Point, margin: Double) -> ScanLine {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= 2 else { return ScanLine(runs: [1]) }
        let ux = dx / length, uy = dy / length
        var runs: [Int] = [0]
        var dark = false
        var s = -margin * length
        while s <= length * (1 + margin) {
            let x = Int((a.x + ux * s).rounded(.down)), y = Int((a.y + uy * s).rounded(.down))
            s += 1
            guard x >= 0, y >= 0, x < matrix.width, y < matrix.height else { continue }
            let d = matrix[x, y]
            if d != dark {
                runs.append(0)
                dark = d
            }
            runs[runs.count - 1] += 1
        }
        return ScanLine(runs: runs)
    }

    /// The luminance profile from `a` to `b` extended by `margin` of its length at both ends (clipped to
    /// the image), one sample per pixel (bilinear), as a scan line: edges found with a hysteresis of
    /// `hysteresis` of the profile's range (``LineProfileThreshold``).
    static func profileLine(_ image: LuminanceImage, from a: Point, to b: Point, margin: Double, hysteresis: Double)
        -> ScanLine
    {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= 2 else { return ScanLine(runs: [1]) }
        let ux = dx / length, uy = dy / length
        var profile: [UInt8] = []
        var s = -margin * length
        while s <= length * (1 + margin) {
            let x = a.x + ux * s - 0.5, y = a.y + uy * s - 0.5
            s += 1
            guard x >= 0, y >= 0, x <= Double(image.width - 1), y <= Double(image.height - 1) else { continue }
            let x0 = Int(x), y0 = Int(y)
            let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
            let fx = x - Double(x0), fy = y - Double(y0)
            let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x1, y0]) * fx
            let bottom = Double(image[x0, y1]) * (1 - fx) + Double(image[x1, y1]) * fx
            profile.append(UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded()))))
        }
        guard profile.count >= 3 else { return ScanLine(runs: [profile.count]) }
        let (runs, starts) = LineProfileThreshold.runs(
            profile, hysteresis: LineProfileThreshold.hysteresis(profile, fraction: hysteresis))
        return ScanLine(runs: runs, subpixelStarts: starts)
    }
}
