import Foundation

/// The geometry of ``LinearScanner/MeanProfile``: the window of a group's lines, their alignment along
/// the bars, their mean, and the mean's upsampling and sharpening before the row decoders read it.
extension LinearScanner.MeanProfile {
    /// The blocks' extent along the lines (steps from the window's start), in two halves, each aligned
    /// on its own, and the halves' centres.
    struct Core {
        let halves: [Range<Int>]
        var centres: [Double] { halves.map { Double($0.lowerBound + $0.upperBound) / 2 } }
        /// Step i of the middle line lies at i + shift(i) on line `l`: its two halves' shifts, linear
        /// between their centres.
        func shift(_ i: Double, _ l: Aligned) -> Double {
            let c = centres
            return l.shifts[0] + (l.shifts[1] - l.shifts[0]) / (c[1] - c[0]) * (i - c[0])
        }
    }

    /// The lines through `group` (at its blocks' mean scan direction `theta`, radians clockwise from
    /// the x axis, centred on the blocks), its blocks' extent on them, and whether the window meets
    /// the image border at its start and end. Nil when the window is under 32 pixels or does not
    /// reach past the blocks.
    static func window(_ group: [CandidateMap.LinearBlock], _ image: LuminanceImage) -> (
        lines: Lines, core: Core, theta: Double, clipped: (start: Bool, end: Bool)
    )? {
        let half = Double(CandidateMap.blockSize) / 2
        // The mean scan direction (undirected angles: the mean of the doubled angles, halved).
        var sx = 0.0, sy = 0.0
        for b in group {
            sx += cos(b.angle * .pi / 90)
            sy += sin(b.angle * .pi / 90)
        }
        let theta = atan2(sy, sx) / 2
        let direction = Point(cos(theta), sin(theta)), normal = Point(-sin(theta), cos(theta))
        let points = group.map {
            Point(Double($0.x * CandidateMap.blockSize) + half, Double($0.y * CandidateMap.blockSize) + half)
        }
        let mean = Point(
            points.reduce(0) { $0 + $1.x } / Double(points.count),
            points.reduce(0) { $0 + $1.y } / Double(points.count))
        let along = points.map { ($0.x - mean.x) * direction.x + ($0.y - mean.y) * direction.y }
        let across = points.map { ($0.x - mean.x) * normal.x + ($0.y - mean.y) * normal.y }
        guard let t0 = along.min(), let t1 = along.max(), let c0 = across.min(), let c1 = across.max()
        else { return nil }
        // The middle line is line 0.
        let centre = Point(mean.x + (c0 + c1) / 2 * normal.x, mean.y + (c0 + c1) / 2 * normal.y)
        let coreStart = t0 - half, coreEnd = t1 + half
        let margin = LinearScanner.Guide.margin + 3 * (coreEnd - coreStart)
        var start = coreStart - margin, end = coreEnd + margin
        var clipped = (start: false, end: false)
        guard
            let inside = Line(point: centre, direction: direction).parameters(
                insideWidth: Double(image.width), height: Double(image.height))
        else { return nil }
        if inside.lower > start { start = inside.lower; clipped.start = true }
        if inside.upper < end { end = inside.upper; clipped.end = true }
        let count = Int(end - start)
        guard count >= 32, start < coreStart, end > coreEnd else { return nil }
        let lines = Lines(
            image: image, centre: centre, direction: direction, normal: normal, start: start, count: count)
        let a = Int(coreStart - start), b = Int(coreEnd - start)
        return (lines, Core(halves: [a..<((a + b) / 2), ((a + b) / 2)..<b]), theta, clipped)
    }

    /// The lines that cross the same bars as the middle one, walked outwards one pixel at a time while
    /// each half of the core correlates with the middle line's (``LinearScanner/Consensus/minimumCorrelation``;
    /// ``LinearScanner/Consensus/endingMisses`` misses end a side), with their shifts on the least-squares lines
    /// (a bar is straight, so each half's shift grows linearly across the lines; lines more than
    /// ``maximumResidual`` off the first fit, aligned to another bar, are left out). A line that
    /// leaves the image over the blocks ends its side. Ordered across the lines; nil when either side
    /// has fewer than ``minimumLinesPerSide``.
    static func aligned(_ lines: Lines, core: Core) -> [Aligned]? {
        func bytes(_ p: [Double]) -> [UInt8] { p.map { UInt8(max(0, min(255, $0.rounded()))) } }
        let reference = lines.profile(0)
        let referenceBytes = bytes(reference)
        let halves = core.halves
        var references: [LinearScanner.Consensus.Reference] = []
        for h in halves {
            guard let r = LinearScanner.Consensus.Reference(Array(referenceBytes[h])) else { return nil }
            references.append(r)
        }
        var sides: [[Aligned]] = [[], []]
        for (n, side) in [-1.0, 1.0].enumerated() {
            var last = (line: 0.0, shifts: [0.0, 0.0])
            var slopes = [0.0, 0.0]
            var misses = 0
            for probe in 1...linesPerSide {
                let c = side * Double(probe)
                // A line leaving the image across the blocks ends the side (outside, border pixels
                // repeat: no bars of their own).
                let span = lines.inside(c)
                guard span.lower <= Double(halves[0].lowerBound), span.upper >= Double(halves[1].upperBound)
                else { break }
                // Only the steps the alignment compares are sampled now, the rest once the line is
                // kept (most lines through text and stripes never are).
                var p = lines.unsampled()
                var sampled = 0..<0
                var shifts: [Double] = []
                for h in 0..<2 {
                    let predicted = last.shifts[h] + slopes[h] * (c - last.line)
                    guard
                        let s = LinearScanner.Consensus.bestShift(
                            references[h], from: Double(halves[h].lowerBound), predicted: predicted,
                            length: lines.count,
                            profile: { range in
                                // One stretch holds both halves' ranges (and any gap between them):
                                // it grows by what `range` adds on either side.
                                if sampled.isEmpty { sampled = range.lowerBound..<range.lowerBound }
                                let lower = min(sampled.lowerBound, range.lowerBound)
                                let upper = max(sampled.upperBound, range.upperBound)
                                lines.sample(c, lower..<sampled.lowerBound, into: &p)
                                lines.sample(c, sampled.upperBound..<upper, into: &p)
                                sampled = lower..<upper
                                return bytes(Array(p[range]))
                            })
                    else { break }
                    shifts.append(s)
                }
                if shifts.count == 2 {
                    sides[n].append(Aligned(line: c, shifts: shifts, profile: p, sampled: sampled))
                    slopes = shifts.map { $0 / c }
                    last = (c, shifts)
                    misses = 0
                } else {
                    misses += 1
                    if misses >= LinearScanner.Consensus.endingMisses { break }
                }
            }
        }
        guard sides.allSatisfy({ $0.count >= minimumLinesPerSide }) else { return nil }
        var all =
            sides[0].reversed() + [Aligned(line: 0, shifts: [0, 0], profile: reference, sampled: 0..<lines.count)]
            + sides[1]
        func fit(_ h: Int) -> RegressionLine? { RegressionLine(all.map { (x: $0.line, y: $0.shifts[h]) }) }
        guard let rough0 = fit(0), let rough1 = fit(1) else { return nil }
        let rough = [rough0, rough1]
        all = all.filter { l in
            (0..<2).allSatisfy { h in
                abs(l.shifts[h] - rough[h](l.line)) <= maximumResidual
            }
        }
        guard all.filter({ $0.line < 0 }).count >= minimumLinesPerSide,
            all.filter({ $0.line > 0 }).count >= minimumLinesPerSide
        else { return nil }
        guard let fitted0 = fit(0), let fitted1 = fit(1) else { return nil }
        let fitted = [fitted0, fitted1]
        for i in all.indices {
            for h in 0..<2 { all[i].shifts[h] = fitted[h](all[i].line) }
            let done = all[i].sampled
            lines.sample(all[i].line, 0..<done.lowerBound, into: &all[i].profile)
            lines.sample(all[i].line, done.upperBound..<lines.count, into: &all[i].profile)
        }
        return all
    }

    /// The mean of the `all` lines' luminance at each step of the middle line (linear interpolation
    /// along each line at its shifted position).
    static func mean(_ all: [Aligned], count: Int, core: Core) -> [Double] {
        var sum = [Double](repeating: 0, count: count)
        let centres = core.centres
        sum.withUnsafeMutableBufferPointer { out in
            for l in all {
                // Step i of the middle line lies at i + shift(i) on this one.
                let rate = (l.shifts[1] - l.shifts[0]) / (centres[1] - centres[0])
                l.profile.withUnsafeBufferPointer { p in
                    for i in 0..<count {
                        let y = Double(i) + (l.shifts[0] + rate * (Double(i) - centres[0]))
                        let j = min(count - 2, max(0, Int(y.rounded(.down))))
                        let f = min(1, max(0, y - Double(j)))
                        out[i] += p[j] * (1 - f) + p[j + 1] * f
                    }
                }
            }
        }
        return sum.map { $0 / Double(all.count) }
    }

    /// The symbol of match `m` over `span` of the mean (positions from the window's start, pixel i's
    /// sample at i + 0.5 as in ``LineProfileThreshold``): corners on the outermost aligned lines, the
    /// first bar as read first (``Barcode/cornerPoints``).
    static func barcode(
        _ m: LinearMatch, span: ClosedRange<Double>, reversed: Bool, all: [Aligned], lines: Lines, core: Core,
        theta: Double
    ) -> Barcode {
        // Across the lines grows towards the symbol's bottom when read forwards.
        let upper = reversed ? all[all.count - 1] : all[0]
        let lower = reversed ? all[0] : all[all.count - 1]
        func at(_ x: Double, _ l: Aligned) -> Point {
            let i = x - 0.5
            return lines.point(i + core.shift(i, l), line: l.line)
        }
        let s = reversed ? span.upperBound : span.lowerBound
        let e = reversed ? span.lowerBound : span.upperBound
        let orientation = theta * 180 / .pi + (reversed ? 180 : 0)  // Barcode keeps it in [0, 360)
        return Barcode(
            format: m.format, rawValue: m.text, rawBytes: m.rawBytes, displayValue: m.displayValue ?? m.text,
            cornerPoints: [at(s, upper), at(e, upper), at(e, lower), at(s, lower)],
            symbologyIdentifier: m.symbologyIdentifier, orientation: orientation, metadata: m.metadata)
    }

    /// `p` with `factor` samples per sample: sample i's stretch [i, i + 1) is sampled at its
    /// `factor` equal parts' middles, by linear interpolation between the samples' centres (the end
    /// samples extended flat). A factor of 1 gives `p`.
    static func upsampled(_ p: [Double], by factor: Int) -> [Double] {
        guard factor > 1 else { return p }
        var out: [Double] = []
        out.reserveCapacity(p.count * factor)
        for i in p.indices {
            for k in 0..<factor {
                // Offset from sample i's centre, in samples: −½ < t < ½.
                let t = (Double(k) + 0.5) / Double(factor) - 0.5
                let j = t < 0 ? max(0, i - 1) : min(p.count - 1, i + 1)
                out.append(p[i] + (p[j] - p[i]) * abs(t))
            }
        }
        return out
    }

    /// `p` plus `strength` times its difference from its Gaussian smoothing (σ `sigma` samples of `p`,
    /// ends repeated), stretched to 0–255 between its 1st and 99th percentiles.
    static func sharpened(_ p: [Double], strength: Double, sigma: Double) -> [UInt8] {
        let n = p.count
        guard n > 0 else { return [] }
        let radius = Int((3 * sigma).rounded(.up))
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        // `p` with its end samples repeated `radius` times on each side: the kernel's taps need no
        // clamping (the same products, summed in the same order).
        var padded: [Double] = []
        padded.reserveCapacity(n + 2 * radius)
        for j in 0..<(n + 2 * radius) { padded.append(p[min(n - 1, max(0, j - radius))]) }
        let taps = 2 * radius + 1
        let q = [Double](unsafeUninitializedCapacity: n) { out, initialized in
            padded.withUnsafeBufferPointer { s in
                kernel.withUnsafeBufferPointer { kb in
                    for i in 0..<n {
                        var g = 0.0
                        for t in 0..<taps { g += kb[t] * s[i + t] }
                        out[i] = s[i + radius] + strength * (s[i + radius] - g / total)
                    }
                }
            }
            initialized = n
        }
        var order = q
        let (lo, hi) = order.withUnsafeMutableBufferPointer {
            (LinearScanner.Consensus.select(n / 100, in: $0), LinearScanner.Consensus.select(n - 1 - n / 100, in: $0))
        }
        guard hi > lo else { return [UInt8](repeating: 0, count: n) }
        return q.map { UInt8(max(0, min(255, (($0 - lo) / (hi - lo) * 255).rounded()))) }
    }
}
