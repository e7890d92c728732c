extension LinearScanner.Consensus {
    /// The lines that formed a consensus, each with the shift that aligns it with the read line: the
    /// read line `line`'s position x lies at x + (origin of `line` − origin of k) + shift(x) on line k,
    /// where shift(x) varies linearly between `shifts[0]` at `centres[0]` and `shifts[1]` at `centres[1]`
    /// (the centres of the read's halves; pixels along the lines).
    struct Alignment {
        var line: Int
        var centres: [Double]
        var lines: [(line: Int, shifts: [Double])]
    }

    /// Samples per pixel of ``medianProfile(_:lines:image:range:)``: modules of 1.5–2 pixels keep their
    /// sub-pixel edges through the lines' different shifts.
    static let medianResolution = 4

    /// The median of the aligned lines' luminance over positions `range` of the read line, at
    /// ``medianResolution`` samples per pixel (sample i at position `range.lowerBound` + (i + ½) /
    /// ``medianResolution``; each line interpolated linearly between its pixels' centres). A line that
    /// does not reach a sample (a slanted line leaving the image) counts as light (255) there.
    ///
    /// The vote of ``runs(of:lines:image:tilt:)`` thresholds each line first: under noise or blur, each
    /// line's edges move at other places and the vote blurs its narrow elements. The median takes the
    /// middle grey of the lines at each place, so damage across fewer than half of the lines there
    /// (glare, a cut, an occlusion) is left out as in the vote, and noise is reduced before any
    /// threshold. Cost: a selection among at most 81 values per sample.
    static func medianProfile(
        _ alignment: Alignment, lines: LinearScanner.LineSet, image: LuminanceImage, range: Range<Int>
    ) -> [UInt8] {
        let k = Double(medianResolution)
        let width = range.count * medianResolution
        let n = alignment.lines.count
        guard n > 0, width > 0 else { return [] }
        let r = alignment.line
        let c = alignment.centres
        // Line after line, its value at every sample.
        var samples = [UInt8](repeating: 255, count: n * width)
        for (j, (line, shifts)) in alignment.lines.enumerated() {
            let moved = lines.origin(r) - lines.origin(line)
            let rate = (shifts[1] - shifts[0]) / (c[1] - c[0])
            func position(_ x: Double) -> Double { x + moved + shifts[0] + rate * (x - c[0]) }
            let first = Double(range.lowerBound), end = Double(range.upperBound)
            let lo = max(0, Int(position(first).rounded(.down)) - 1)
            let hi = min(lines.length(line), Int(position(end).rounded(.up)) + 1)
            guard hi - lo >= 2 else { continue }
            let p = lines.profile(image, line, lo..<hi)
            for i in 0..<width {
                // Pixel q covers [q, q + 1): its value is at q + ½.
                let t = position(first + (Double(i) + 0.5) / k) - 0.5 - Double(lo)
                let q = Int(t.rounded(.down))
                guard q >= 0, q + 1 < p.count else { continue }
                let f = t - Double(q)
                samples[j * width + i] = UInt8((Double(p[q]) * (1 - f) + Double(p[q + 1]) * f).rounded())
            }
        }
        var median = [UInt8](repeating: 255, count: width)
        var column = [UInt8](repeating: 0, count: n)
        column.withUnsafeMutableBufferPointer { col in
            for i in 0..<width {
                for j in 0..<n { col[j] = samples[j * width + i] }
                median[i] = select(n / 2, in: col)
            }
        }
        return median
    }

    /// The `k`-th smallest of `values` (0-based), partly reordering them (Hoare's selection, the middle
    /// element as pivot: linear time on inputs without adversarial order). It is correct on any order of
    /// the values, so a second selection on the same buffer finds its own order statistic.
    static func select<T: Comparable>(_ k: Int, in values: UnsafeMutableBufferPointer<T>) -> T {
        var lo = 0, hi = values.count - 1
        while lo < hi {
            let pivot = values[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return values[k]
    }

    /// True when the median profile (``medianProfile(_:lines:image:range:)``) over the positions `read`
    /// of the read line with half their length on each side, within `range`, reads `value` (format and
    /// main symbol) in either direction with `decoders`, over about those positions. The median is
    /// thresholded as the rows' profile source does (hysteresis 7 %, smoothed), then sharpened and
    /// thresholded as ``LinearScanner/MeanProfile`` reads a mean (its
    /// ``LinearScanner/MeanProfile/attempts``), until one reads the value. The decoders read it as a line
    /// ``medianResolution`` times as long, so that its runs keep their sub-pixel widths for decoders that
    /// count whole pixels; their rules are in module or narrow widths and do not change with the scale.
    static func medianReads(
        _ value: (format: BarcodeFormat, main: Substring), over read: ClosedRange<Double>,
        alignment: Alignment, lines: LinearScanner.LineSet, image: LuminanceImage, range: Range<Int>,
        options: DecodeOptions, decoders: [any LinearRowDecoder]
    ) -> Bool {
        // The read with half its length on each side: room for every quiet zone rule.
        let margin = (read.upperBound - read.lowerBound) / 2
        let from = max(range.lowerBound, Int(read.lowerBound - margin))
        let to = min(range.upperBound, Int((read.upperBound + margin).rounded(.up)))
        guard to > from else { return false }
        let range = from..<to
        let median = medianProfile(alignment, lines: lines, image: image, range: range)
        guard !median.isEmpty else { return false }
        let k = medianResolution
        let scaled = (range.lowerBound * k)..<(range.upperBound * k)
        let length = lines.length(alignment.line) * k
        let borders = lines.bordersAcross(alignment.line)
        let plain = (strength: 0.0, sigma: 0.0, hysteresis: 0.07)
        var masked: (strength: Double, sigma: Double, profile: [UInt8])?
        for attempt in [plain] + LinearScanner.MeanProfile.attempts {
            let p: [UInt8]
            if attempt.strength == 0 {
                p = median
            } else if let m = masked, m.strength == attempt.strength, m.sigma == attempt.sigma {
                p = m.profile
            } else {
                p = LinearScanner.MeanProfile.sharpened(
                    median.map(Double.init), strength: attempt.strength, sigma: attempt.sigma * Double(k))
                masked = (attempt.strength, attempt.sigma, p)
            }
            let h = LineProfileThreshold.hysteresis(p, fraction: attempt.hysteresis, minimum: 8)
            let (runs, starts) = LineProfileThreshold.runs(p, hysteresis: h, smoothing: attempt.strength == 0)
            let line = LinearScanner.LineSet.padded(
                runs: runs, starts: starts, range: scaled, length: length, bordersAcross: borders)
            let both = LinearScanner.LineBothWays(line)
            for (reversed, direction) in [(false, both.forward), (true, both.reversed)] {
                for decoder in decoders {
                    for m in decoder.decodeRow(direction, options: options)
                    where m.format == value.format && m.main == value.main {
                        let s = Double(reversed ? length - m.end : m.start) / Double(k)
                        let e = Double(reversed ? length - m.start : m.end) / Double(k)
                        if LinearScanner.coincide(s...e, read) { return true }
                    }
                }
            }
        }
        return false
    }
}
