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
    /// lines as read a different add-on after the same main digits.
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
        var agree = 0, other = 0
        // One line per pixel of height (at least `confirmationLines`).
        let height = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        let count = max(confirmationLines, Int(height))
        for k in 0..<count {
            let t = 0.05 + 0.9 * Double(k) / Double(count - 1)
            let p0 = Point(c[0].x + t * (c[3].x - c[0].x), c[0].y + t * (c[3].y - c[0].y))
            let p1 = Point(c[1].x + t * (c[2].x - c[1].x), c[1].y + t * (c[2].y - c[1].y))
            // One vote per line: the add-on it reads, from the profile with the engine's two hysteresis
            // levels (the finer one for low contrast and blur), then from the binarized image.
            var reads = Set<String>()
            for source in 0..<3 {
                let line =
                    source < 2
                    ? profileLine(image, from: p0, to: p1, margin: 0.15, hysteresis: source == 0 ? 0.07 : 0.025)
                    : binarizedLine(frame.binarized(options.binarizer), from: p0, to: p1, margin: 0.15)
                guard line.runs.count > 4 else { continue }
                for m in decoder.decodeRow(line, options: options)
                    + decoder.decodeRow(line.reversed(), options: options)
                where m.format == b.format && m.text.hasPrefix(main) {
                    if let read = m.metadata[Barcode.addOnKey] { reads.insert(read) }
                }
                if !reads.isEmpty { break }
            }
            if reads.contains(where: { $0 != addOn }) { other += 1 } else if reads.contains(addOn) { agree += 1 }
        }
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
