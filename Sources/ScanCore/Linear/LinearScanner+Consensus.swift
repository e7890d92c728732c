extension LinearScanner {
    /// The check of a read against its symbol's whole height. A linear symbol's bars run across all of
    /// its lines, so where most of the lines that cross them see a bar, there is one: the *consensus* is
    /// the line whose bars and spaces are those of the majority of the symbol's lines, each aligned to
    /// the read line by correlation and read with its own sub-pixel edges (``LineProfileThreshold``).
    /// A cut, glare band, scratch or occlusion that crosses the bars at an angle changes each line at
    /// another place and only a few lines at any one place, so the consensus holds the undamaged symbol
    /// even where no single line does. A band of lines that reads a character changed by the damage, or
    /// a symbol cut short at it, is a minority at that place; the consensus, read by the same row
    /// decoders, gives the symbol's own value there (``consensus(_:lines:image:options:decoders:)``).
    enum Consensus {
        /// Lines probed on each side of the read line, ``probeStep`` apart.
        static let probesPerSide = 40
        /// Distance between probed lines (pixels across the lines).
        static let probeStep = 2
        /// Least correlation (``correlation(_:_:at:)``) with the read line over each half of the read's
        /// span for a line to count as crossing the same bars.
        static let minimumCorrelation = 0.5
        /// Consecutive probes below ``minimumCorrelation`` that end the walk: the bars' end (the quiet
        /// area above or below, or text) rather than damage across a few lines.
        static let endingMisses = 3
        /// Least margin of the vote (|dark − light| over the lines covering a place) that some place of
        /// each of the consensus's bars and spaces must reach: three lines in four agree.
        static let decisiveMargin = 0.5
        /// Fewest aligned lines for a consensus to say anything.
        static let minimumLines = 5

        /// The consensus of the lines of family `lines` of `image` that cross the bars of the read `hit`,
        /// over the read's span with the span's length again on each side (clipped to the line), as
        /// positions `range` of the hit's line: `runs` and their sub-pixel `starts` relative to
        /// `range.lowerBound` (``LineProfileThreshold/runs(_:hysteresis:smoothing:)``'s convention), and
        /// the `ambiguous` runs (hit-line positions) that no place of which three lines in four decide
        /// (``decisiveMargin``). Lines ``probeStep`` apart are walked outwards from the hit's line while
        /// they correlate with it (``minimumCorrelation``; ``endingMisses`` misses end a side); `tilt`
        /// (pixels along a line per line) predicts their shift. Nil when fewer than ``minimumLines``
        /// lines cross the same bars, or when the span is under 16 pixels or leaves the line.
        ///
        /// `barBeyond` is true when the consensus has a bar in one of the read's quiet zones where the
        /// read's own line is light: a dark run of a bar's width (half to three times the mean run width
        /// `m` of the read on its line, and at least a pixel) within 5 `m` before the read's first bar or
        /// after its last, clear of them by half a run (at least 1.5 pixels), dark on most of the aligned
        /// lines that cover it, and meeting no dark run of the read line. A read whose quiet zone is a
        /// bright band across the bars (glare, a cut, a light occlusion) sees it quiet on its own lines
        /// only: further along the bars the symbol goes on there. Noise, which darkens a place on a few
        /// lines, does not count, nor does a bar the read line sees as well (a frame, a rule, a symbol
        /// beside it, where the quiet zone simply ends).
        ///
        /// `tipExit` is true when the read's line left a tilted symbol through the bars' top or bottom
        /// edge at one of the read's ends (``TipExit``); measured only when `measuresTipExit`, false
        /// otherwise.
        ///
        /// `washed` is true when, in a run of the consensus inside the read that the lines do not clearly
        /// decide (`ambiguous`), the aligned lines within `band` (the lines that read the value) are mostly
        /// light where the other aligned lines are mostly dark: the read's lines saw bars thinned or
        /// erased by light (glare, a reflection) that the lines beside them see. Light damage only takes
        /// ink away, so a band that sees a bar where the others see light is not suspect. False without
        /// a band.
        ///
        /// `alignment` is where each of the lines that formed the consensus meets the hit's line, for
        /// their median (``medianProfile(_:lines:image:range:)``).
        static func runs(
            of hit: Hit, lines: LineSet, image: LuminanceImage, tilt: Double, measuresTipExit: Bool = false,
            band: ClosedRange<Int>? = nil
        ) -> (
            runs: [Int], starts: [Double], range: Range<Int>, ambiguous: [ClosedRange<Double>],
            barBeyond: Bool, tipExit: Bool, washed: Bool, alignment: Alignment
        )? {
            let r = hit.line
            let length = lines.length(r)
            let a = hit.forwardStart, b = hit.forwardEnd
            let span = b - a
            guard span >= 16, a >= 0, b <= length else { return nil }
            let range = max(0, a - span)..<min(length, b + span)
            // Each half of the span is aligned on its own, and a line's shift along it varies linearly
            // between the halves' centres: perspective makes the bars converge, so one shift cannot
            // align a whole line.
            let m = (a + b) / 2
            let halves = [a..<m, m..<b]
            let references = halves.map { Reference(lines.profile(image, r, $0)) }
            let centres = halves.map { Double($0.lowerBound + $0.upperBound) / 2 }
            // (line, shift of each half along it in pixels) of every line that crosses the same bars.
            var aligned: [(line: Int, shifts: [Double])] = [(r, [0, 0])]
            for direction in [-1, 1] {
                var last = (line: r, shifts: [0.0, 0.0])
                var slopes = [tilt, tilt]
                var misses = 0
                for probe in 1...probesPerSide {
                    let k = r + direction * probe * probeStep
                    guard k >= 0, k < lines.count else { break }
                    let offset = lines.origin(r) - lines.origin(k)
                    var shifts: [Double] = []
                    for h in 0..<2 {
                        let predicted = last.shifts[h] + slopes[h] * Double(k - last.line)
                        guard let reference = references[h],
                            let s = bestShift(
                                reference, lines: lines, image: image, line: k,
                                from: Double(halves[h].lowerBound) + offset, predicted: predicted)
                        else { break }
                        shifts.append(s)
                    }
                    if shifts.count == 2 {
                        aligned.append((k, shifts))
                        slopes = shifts.map { $0 / Double(k - r) }
                        last = (k, shifts)
                        misses = 0
                    } else {
                        misses += 1
                        if misses >= endingMisses { break }
                    }
                }
            }
            guard aligned.count >= minimumLines else { return nil }
            // Each aligned line's own bars and spaces (its sub-pixel edges, read as the rows' profile
            // source reads a line: hysteresis 7 %, unsmoothed), in window positions on a grid of
            // `resolution` cells a pixel; a cell is dark where most of the lines that cover it are dark.
            let resolution = 4
            let cells = range.count * resolution
            var dark = [Int](repeating: 0, count: cells + 1), cover = [Int](repeating: 0, count: cells + 1)
            // The same for the aligned lines inside `band` alone.
            var bandDark = [Int](repeating: 0, count: band == nil ? 0 : cells + 1)
            var bandCover = bandDark
            // The read's ends in window positions, and its line's mean run width (the read line is the
            // first aligned line).
            let readStart = Double(a - range.lowerBound), readEnd = Double(b - range.lowerBound)
            var meanRun = 0.0
            // The read line's own dark runs, in window positions.
            var readLineBars: [ClosedRange<Double>] = []
            func cell(_ x: Double) -> Int { min(cells, max(0, Int((x * Double(resolution)).rounded()))) }
            var alignment = Alignment(line: r, centres: centres, lines: [])
            var tips: TipExit? = measuresTipExit ? TipExit() : nil
            for (k, shifts) in aligned {
                // Position x of line r lies at x + origin difference + shift(x) on line k.
                let moved = lines.origin(r) - lines.origin(k)
                let rate = (shifts[1] - shifts[0]) / (centres[1] - centres[0])
                func shift(_ x: Double) -> Double { shifts[0] + rate * (x - centres[0]) }
                let first = Double(range.lowerBound), end = Double(range.upperBound)
                let lo = max(0, Int((first + moved + shift(first)).rounded(.down)))
                let hi = min(lines.length(k), Int((end + moved + shift(end)).rounded(.up)))
                guard hi - lo >= 8, abs(rate) < 0.5 else { continue }
                alignment.lines.append((k, shifts))
                let p = lines.profile(image, k, lo..<hi)
                let h = LineProfileThreshold.hysteresis(p, fraction: 0.07, minimum: 8)
                let starts = LineProfileThreshold.runs(p, hysteresis: h, smoothing: false).starts
                // Line k's position q back to the window: x + shift(x) = q − moved, solved for x.
                func window(_ q: Double) -> Double {
                    let y = Double(lo) + q - moved
                    return (y - shifts[0] + rate * centres[0]) / (1 + rate) - first
                }
                let inBand = band?.contains(k) ?? false
                cover[cell(window(starts[0]))] += 1
                cover[cell(window(starts[starts.count - 1]))] -= 1
                if inBand {
                    bandCover[cell(window(starts[0]))] += 1
                    bandCover[cell(window(starts[starts.count - 1]))] -= 1
                }
                if k == r {
                    let inside = starts.lazy.map(window).filter { $0 > readStart && $0 < readEnd }.count
                    meanRun = (readEnd - readStart) / Double(inside + 1)
                    for j in stride(from: 1, to: starts.count - 1, by: 2) {
                        readLineBars.append(window(starts[j])...window(starts[j + 1]))
                    }
                }
                // Runs alternate light, dark, … from starts[0].
                var j = 1
                while j + 1 < starts.count {
                    dark[cell(window(starts[j]))] += 1
                    dark[cell(window(starts[j + 1]))] -= 1
                    if inBand {
                        bandDark[cell(window(starts[j]))] += 1
                        bandDark[cell(window(starts[j + 1]))] -= 1
                    }
                    j += 2
                }
                if k != r, tips != nil {
                    tips!.count(
                        line: k < r ? 0 : 1, starts: starts.map(window),
                        beyond: BeyondEnds(read: readStart...readEnd, meanRun: meanRun, readLineBars: readLineBars))
                }
            }
            var edges: [Double] = []
            // How clearly the lines decide each cell: |dark − light| / covering lines; undecided where
            // fewer than `minimumLines` lines cover it (the window's ends on clipped slanted lines).
            var margins = [Double](repeating: 0, count: cells)
            // Per cell, the dark and covering lines, in `band` and outside it (only with a band).
            var bandVotes: [(dark: Int, cover: Int, otherDark: Int, otherCover: Int)] = []
            bandVotes.reserveCapacity(band == nil ? 0 : cells)
            var d = 0, c = 0, bd = 0, bc = 0, wasDark = false
            for i in 0..<cells {
                d += dark[i]
                c += cover[i]
                if band != nil {
                    bd += bandDark[i]
                    bc += bandCover[i]
                    bandVotes.append((bd, bc, d - bd, c - bc))
                }
                if c >= minimumLines { margins[i] = Double(abs(2 * d - c)) / Double(c) }
                let isDark = c > 0 && 2 * d > c
                if isDark != wasDark {
                    // A change back within half a pixel is a flicker where the lines' edges tie.
                    let x = Double(i) / Double(resolution)
                    if let last = edges.last, x - last < 0.5 { edges.removeLast() } else { edges.append(x) }
                    wasDark = isDark
                }
            }
            // Runs start light: a window that starts dark has an empty first run (its edge at 0).
            var starts: [Double] = [0]
            starts += edges
            starts.append(Double(range.count))
            var runs: [Int] = []
            var ambiguous: [ClosedRange<Double>] = []
            var washed = false
            for k in 1..<starts.count {
                runs.append(Int(starts[k].rounded()) - Int(starts[k - 1].rounded()))
                let from = Int(starts[k - 1] * Double(resolution)), to = Int(starts[k] * Double(resolution))
                guard to > from else { continue }
                if margins[from..<to].max() ?? 0 < decisiveMargin {
                    let origin = Double(range.lowerBound)
                    ambiguous.append((starts[k - 1] + origin)...(starts[k] + origin))
                    // Inside the read, the band's lines mostly light where the other lines are mostly dark.
                    if band != nil, starts[k] > readStart, starts[k - 1] < readEnd {
                        let v = bandVotes[from..<to].reduce((0, 0, 0, 0)) {
                            ($0.0 + $1.dark, $0.1 + $1.cover, $0.2 + $1.otherDark, $0.3 + $1.otherCover)
                        }
                        if v.1 > 0, v.3 > 0, 2 * v.0 < v.1, 2 * v.2 > v.3 { washed = true }
                    }
                }
            }
            // Dark runs are the odd ones. A bar that the read line sees too (a frame, a rule, a symbol
            // beside it) is no sign of damage: the read's quiet zone simply ends there.
            let beyond = BeyondEnds(read: readStart...readEnd, meanRun: meanRun, readLineBars: readLineBars)
            var barBeyond = false
            for k in stride(from: 1, to: starts.count - 1, by: 2)
            where beyond.end(ofBar: starts[k], starts[k + 1]) != nil {
                barBeyond = true
            }
            return (runs, starts, range, ambiguous, barBeyond, tips?.isExit ?? false, washed, alignment)
        }

        /// A reference profile for ``bestShift`` and ``LinearScanner/profileCorrelation(_:_:shifts:)``:
        /// its samples less their mean, and their sum of squares; nil when it is flat (a standard
        /// deviation under 2 grey levels).
        struct Reference {
            let centred: [Double]
            let sumOfSquares: Double
            init?(_ profile: [UInt8]) {
                let n = Double(profile.count)
                guard profile.count >= 4 else { return nil }
                let mean = profile.reduce(0.0) { $0 + Double($1) } / n
                centred = profile.map { Double($0) - mean }
                sumOfSquares = centred.reduce(0) { $0 + $1 * $1 }
                guard sumOfSquares >= 4 * n else { return nil }
            }
        }

        /// The shift along line `k` (pixels, sub-pixel by a parabola through the best three) at which its
        /// luminance from position `from` best correlates with `reference`, searched within 2 pixels of
        /// `predicted`; nil when the best correlation is under ``minimumCorrelation``.
        static func bestShift(
            _ reference: Reference, lines: LineSet, image: LuminanceImage, line k: Int, from: Double,
            predicted: Double
        ) -> Double? {
            bestShift(reference, from: from, predicted: predicted, length: lines.length(k)) {
                lines.profile(image, k, $0)
            }
        }

        /// ``bestShift(_:lines:image:line:from:predicted:)`` for a line of `length` pixels whose luminance
        /// over a range of positions `profile` gives.
        static func bestShift(
            _ reference: Reference, from: Double, predicted: Double, length: Int,
            profile: (Range<Int>) -> [UInt8]
        ) -> Double? {
            let n = reference.centred.count
            let centre = Int((from + predicted).rounded())
            let reach = 2
            let lo = centre - reach - 1, hi = centre + n + reach + 1
            guard lo >= 0, hi <= length else { return nil }
            let p = profile(lo..<hi)
            var scores: [Double] = []
            scores.reserveCapacity(2 * reach + 3)
            for start in 0...(2 * reach + 2) {
                scores.append(correlation(reference, p, at: start))
            }
            // Best of the inner shifts; the outer two only shape the parabola.
            var best = 1
            for i in 1..<(scores.count - 1) where scores[i] > scores[best] { best = i }
            guard scores[best] >= minimumCorrelation else { return nil }
            let l = scores[best - 1], c = scores[best], r = scores[best + 1]
            let d = l - 2 * c + r
            let fraction = d < 0 ? max(-0.5, min(0.5, 0.5 * (l - r) / d)) : 0
            return Double(centre + best - reach - 1) + fraction - from
        }

        /// Pearson correlation of `reference` with `p` starting at index `start`, in one pass over `p`
        /// (the reference is centred already); 0 when `p` is flat there.
        static func correlation(_ reference: Reference, _ p: [UInt8], at start: Int) -> Double {
            let r = reference.centred
            let n = r.count
            guard start >= 0, start + n <= p.count else { return 0 }
            var sp = 0.0, spp = 0.0, srp = 0.0
            for i in 0..<n {
                let y = Double(p[start + i])
                sp += y
                spp += y * y
                srp += r[i] * y
            }
            let vp = spp - sp * sp / Double(n)
            guard vp >= 4 * Double(n) else { return 0 }
            return srp / (reference.sumOfSquares * vp).squareRoot()
        }
    }

    /// What the consensus of a read's lines along its bars (``Consensus``) says of the read.
    enum Verdict: Equatable {
        /// It reads the same value where the read lies (and, for a value that must agree, the read's
        /// line did not leave the bars through their tips at one of its ends, ``Consensus/TipExit``).
        case agrees
        /// Too few lines cross the bars to form it.
        case silent
        /// It is formed but reads nothing there. `barLines` are the first and last of the aligned lines
        /// (line indices of the family): how far the bars run across the lines. `medianReads`: the median
        /// of those lines reads the value there
        /// (``Consensus/medianReads(_:over:alignment:lines:image:range:options:decoders:)``; only looked at
        /// for a value without a check character, or a `washed` one, read by lines that span less than
        /// half of `barLines`; false otherwise). It is weaker evidence than the vote: it only keeps such a
        /// value from being refused for its narrow band, and never settles a dispute between values.
        /// `washed`: the lines that read the value saw light where most others saw a bar, in a run the
        /// lines do not decide (``Consensus/runs(of:lines:image:tilt:measuresTipExit:band:)``).
        case unread(barLines: ClosedRange<Int>, medianReads: Bool, washed: Bool)
        /// It clearly reads another value there: one of about the read's length, or a longer one the
        /// read's span lies in (the read is a piece of it). Every bar and space of that value is
        /// decided by at least three lines in four (``Consensus/decisiveMargin``). Or, for a symbology
        /// whose start and stop occur inside its symbols (``LinearRowDecoder/startAndStopOccurInside``),
        /// it has a bar in one of the read's quiet zones: the read is a stretch between bright bands.
        case contradicts
    }

    /// The consensus's ``Verdict`` on cluster `c` of line family `lines` (formed around the cluster's
    /// middle line, ``Consensus/runs(of:lines:image:tilt:)``), read by the same `decoders` in both
    /// directions. Per accepted read: up to 80 probed lines (two half-span profiles each), a threshold
    /// pass over a window three spans wide on each aligned line (up to 81), and one more line read;
    /// nothing on a frame without a read.
    ///
    /// The median of the aligned lines is read too
    /// (``Consensus/medianReads(_:over:alignment:lines:image:range:options:decoders:)``) when the vote
    /// reads nothing there and the value is `unchecked` (``LinearMatch/checkedByCheckCharacter`` false) or
    /// its lines are `washed` (``Consensus/runs(of:lines:image:tilt:measuresTipExit:band:)``), and it is
    /// read by lines that span less than half of the aligned ones
    /// (``Verdict/unread(barLines:medianReads:washed:)``).
    ///
    /// When `mustAgree` (a disputed value, or one that may be a piece of a longer symbol,
    /// ``LinearMatch/mayBePartOfLongerSymbol``), the consensus does not agree with a read whose line left
    /// the bars through their tips at one of its ends (``Consensus/TipExit``). For other values the
    /// test is not made: it lost two ITF images of the real corpus, values the consensus had read.
    static func consensus(
        _ c: Cluster, lines: LineSet, image: LuminanceImage, options: DecodeOptions,
        decoders: [any LinearRowDecoder], unchecked: Bool = false, mustAgree: Bool = false
    ) -> Verdict {
        let hit = c.middleHit
        guard
            let (runs, starts, range, ambiguous, barBeyond, tipExit, washed, alignment) = Consensus.runs(
                of: hit, lines: lines, image: image, tilt: c.lines.count >= 3 ? tilt(c, lines) : 0,
                measuresTipExit: mustAgree, band: (c.lines.min() ?? hit.line)...(c.lines.max() ?? hit.line))
        else { return .silent }
        // A read of a symbology whose start and stop occur inside symbols, with the bars going on past
        // one of its ends on most of the lines along them, is a stretch between bright bands.
        if decoders[hit.decoder].startAndStopOccurInside && barBeyond { return .contradicts }
        let line = lines.padded(runs: runs, starts: starts, range: range, index: hit.line)
        let both = LineBothWays(line)
        let a = Double(hit.forwardStart), b = Double(hit.forwardEnd)
        let tolerance = max(2, 0.02 * (b - a))
        var agrees = false, contradicts = false
        for (reversed, direction) in [(false, both.forward), (true, both.reversed)] {
            for decoder in decoders {
                var matches = decoder.decodeRow(direction, options: options)
                if matches.isEmpty && decoder.readsWithoutSpecks, let clean = direction.withoutSpecks() {
                    matches = decoder.decodeRow(clean, options: options)
                }
                for m in matches where options.wants(m.format) {
                    let s = Double(reversed ? line.length - m.end : m.start)
                    let e = Double(reversed ? line.length - m.start : m.end)
                    guard coincide(s...e, a...b) else { continue }
                    if m.format == c.key.format && m.main == c.main {
                        agrees = true
                        continue
                    }
                    let comparable = min(e - s, b - a) >= 0.8 * max(e - s, b - a)
                    let contains = s <= a + tolerance && e >= b - tolerance && e - s > b - a + tolerance
                    let longer = m.format == c.key.format && isShorterPart(c.key.text, of: m.text)
                    // A value the lines do not clearly decide somewhere is no evidence.
                    let clear = !ambiguous.contains { $0.upperBound > s && $0.lowerBound < e }
                    if (comparable || contains || longer) && clear { contradicts = true }
                }
            }
        }
        if agrees && !tipExit { return .agrees }
        if contradicts { return .contradicts }
        let aligned = alignment.lines.map(\.line)
        let barLines = (aligned.min() ?? hit.line)...(aligned.max() ?? hit.line)
        let medianReads =
            (unchecked || washed) && !spansHalf(c, of: barLines)
            && Consensus.medianReads(
                (c.key.format, c.main), over: a...b, alignment: alignment, lines: lines, image: image,
                range: range, options: options, decoders: decoders)
        return .unread(barLines: barLines, medianReads: medianReads, washed: washed)
    }

    /// True when the lines of `c` span at least half of `barLines` (the lines its bars cross).
    static func spansHalf(_ c: Cluster, of barLines: ClosedRange<Int>) -> Bool {
        let read = c.lines
        guard let first = read.min(), let last = read.max() else { return false }
        return 2 * (last - first) >= barLines.upperBound - barLines.lowerBound
    }
}

extension LinearScanner.Consensus {
    /// Whether the read line left a tilted symbol through the bars' top or bottom edge at one of the
    /// read's ends: there the lines along the bars on one side of the read line cross bars beyond that
    /// end, where the read line sees a quiet zone, and those on the other side see light.
    ///
    /// A whole symbol's end is the outer edge of its first or last bar, and the quiet zone beyond it
    /// runs along the bars: the lines on both sides are light there. Beyond the bars' tips, the lines
    /// on the side of the bars meet them again, one after another. A bar is a dark run of a bar's width
    /// (half to three times the read's mean run width, at least a pixel) within 5 mean runs beyond the
    /// end, clear of it by half a run (at least 1.5 pixels), meeting no dark run of the read line, as for
    /// `barBeyond`: noise specks, a wide occlusion and a bar the read line sees too do not count.
    struct TipExit {
        /// [end (0 before the read, 1 after it)][side (0 lines before the read line, 1 after it)]:
        /// lines covering the stretch beyond the end, and those of them with a bar there.
        var covering = [[0, 0], [0, 0]]
        var withBar = [[0, 0], [0, 0]]

        /// Counts aligned line `starts` (run starts in window positions, light first) on `side`.
        mutating func count(line side: Int, starts: [Double], beyond: BeyondEnds) {
            guard let first = starts.first, let last = starts.last else { return }
            for (end, stretch) in beyond.stretches.enumerated() {
                guard let stretch, first <= stretch.from, last >= stretch.to else { continue }
                covering[end][side] += 1
                if stride(from: 1, to: starts.count - 1, by: 2).contains(where: {
                    beyond.end(ofBar: starts[$0], starts[$0 + 1]) == end
                }) {
                    withBar[end][side] += 1
                }
            }
        }

        /// True when, beyond one end, most lines on one side cross a bar and at most a quarter of those
        /// on the other side do (at least two lines covering each side).
        var isExit: Bool {
            (0..<2).contains { end in
                let c = covering[end], b = withBar[end]
                guard c[0] >= 2, c[1] >= 2 else { return false }
                return (2 * b[0] > c[0] && 4 * b[1] <= c[1]) || (2 * b[1] > c[1] && 4 * b[0] <= c[0])
            }
        }
    }
}

extension LinearScanner.Consensus {
    /// The stretches beyond a read's two ends where a bar means the symbol goes on (`barBeyond`,
    /// ``TipExit``), in window positions: from 5 mean runs `meanRun` before the read's first bar to
    /// half a run (at least 1.5 pixels) before it, and the same after its last bar.
    struct BeyondEnds {
        /// Before the read (0) and after it (1); nil where the stretch is empty (a mean run under 0.3
        /// pixels).
        let stretches: [(from: Double, to: Double)?]
        let meanRun: Double
        /// The read line's own dark runs: a bar there is where the quiet zone ends, not the symbol going on.
        let readLineBars: [ClosedRange<Double>]

        init(read: ClosedRange<Double>, meanRun: Double, readLineBars: [ClosedRange<Double>]) {
            let clear = max(1.5, 0.5 * meanRun)
            let before = (from: read.lowerBound - 5 * meanRun, to: read.lowerBound - clear)
            let after = (from: read.upperBound + clear, to: read.upperBound + 5 * meanRun)
            stretches = [before, after].map { $0.from < $0.to ? $0 : nil }
            self.meanRun = meanRun
            self.readLineBars = readLineBars
        }

        /// The end (0 before the read, 1 after it) beyond which the dark run `x0`…`x1` is a bar: of a
        /// bar's width (half to three times the mean run, at least a pixel), inside that end's stretch,
        /// meeting no dark run of the read line; nil when it is none.
        func end(ofBar x0: Double, _ x1: Double) -> Int? {
            guard x1 - x0 >= max(1, 0.5 * meanRun), x1 - x0 <= 3 * meanRun,
                !readLineBars.contains(where: { $0.upperBound > x0 && $0.lowerBound < x1 })
            else { return nil }
            return stretches.firstIndex { s in s.map { x0 >= $0.from && x1 <= $0.to } ?? false }
        }
    }
}
