import Foundation

extension LinearScanner {
    /// Reading a symbol from the mean of its lines along the bars, where no single line reads it.
    ///
    /// A small symbol under defocus (modules of about 2 pixels, blur σ of half a module or more) gives
    /// each scan line bars and spaces of a few grey levels, and sensor noise and JPEG move or remove an
    /// edge on every line at another place: no line reads, and the candidate blocks stay unexplained.
    /// The bars run across all of the symbol's lines, so the mean of its lines aligned along the bars
    /// keeps the bars and averages the noise away (N lines: √N less). Blur is the same on every line and
    /// stays; the mean is sharpened (unsharp masking: the mean plus a multiple of its difference from a
    /// Gaussian-smoothed copy), which gives back the contrast of one-module elements that blur has
    /// thinned, and the row decoders read it in both directions.
    ///
    /// Where: each group of linear candidate blocks (``CandidateMap``, 8-connected, scan directions within
    /// ``angleReach``) that no symbol read by the line families explains, of at least ``minimumBlocks``
    /// blocks, whose edges are dense (``minimumEdgeDensity``). Its lines run at the blocks' mean scan direction, one pixel apart, sampled bilinearly; the
    /// window along them is the blocks' extent with ``Guide``'s margin (``Guide/margin`` plus three times
    /// the extent on each side). The lines are walked outwards from the middle one while they correlate
    /// with it, each half of the blocks' extent aligned on its own with a sub-pixel shift that varies
    /// linearly along the line (``Consensus/bestShift(_:from:predicted:length:profile:)``).
    ///
    /// The defocus is not known, so the mean is read with each of ``attempts`` in turn (sharpening and
    /// hysteresis), and the first that reads anything over the blocks gives the values. A value has the
    /// checks its symbology has (check characters, quiet zones, guard patterns) and no line agreement of
    /// its own: the mean is one line. It is the evidence of all its aligned lines, as the consensus is,
    /// so where its value meets another value read there it counts as those lines (``Found/support``)
    /// and as their agreement along the bars (``Found/agreesAlongBars``). Counted as one line instead,
    /// 3 more wrong values came back on each of two 14,000-symbol stress seeds: line reads of damaged
    /// symbols that the mean outvotes. On the dense corpus's shelves (modules 1.6–5 px) it read 31 more
    /// of 194 symbols; on the misread stress about 2 % more, with fewer wrong values.
    /// Cost: per unexplained group, up to 81 lines sampled over the blocks and correlated (the lines kept
    /// then over the whole window), and up to four thresholdings of the mean at each of ``resolutions``,
    /// each read both ways by every row decoder; nothing where every candidate block is explained or the
    /// groups left have sparse edges. The
    /// try-invert pass reuses the positive pass's mean (see ``read(_:frame:options:decoders:)``). On a
    /// shelf photo of the dense corpus it costs about 8 % of the instructions.
    enum MeanProfile {
        /// The family number of its reads in ``Found/family``.
        static let familyID = -3
        /// Lines walked on each side of the middle line, one pixel apart.
        static let linesPerSide = 40
        /// Fewest aligned lines on each side of the middle one: the bars run across it.
        static let minimumLinesPerSide = 5
        /// Fewest candidate blocks in a group: a symbol's bars cover several.
        static let minimumBlocks = 3
        /// Largest difference of scan direction (degrees) between neighbouring blocks of one group.
        static let angleReach = 20.0
        /// Least mean edge density of a group's blocks (``CandidateMap/edgeDensity``: the fraction of a
        /// block's half-resolution pixels on an edge) for its mean to be formed.
        ///
        /// The mean is for small symbols under defocus: bars and spaces of one to four modules of 1.6–5 px,
        /// blurred over half a module or more, put most half-resolution pixels of their blocks on an edge
        /// (blur widens the edges as the elements widen) where their contrast and noise carry the
        /// gradients over the map's fixed edge level; at low contrast ``minimumRelativeEdgeDensity``
        /// decides. Sparse edges in
        /// blocks that pass the map's linear rule are the straight sides of larger shapes: the modules of a
        /// two-dimensional symbol, letters, the edges of labels and boxes. A linear symbol there has
        /// elements wide enough for the scan lines (on photos of 2000 px and more, blur beyond that is for
        /// the downscaled passes' means). Measured (group means): the groups whose mean read a symbol on
        /// the dense corpus's shelves 0.60–1.0 (most 0.7 and up); 120 renderings not looked at before
        /// (EAN-13, Code 128, Code 39, ITF, modules of 3–7 px, blur σ 0.5–0.9 module, noise) 0.67 and up;
        /// the 1,280 groups whose mean was formed on the sheets of labels (QR Code, Data Matrix, Aztec;
        /// none read anything) 65 % under 0.5. Left out, those cost nothing: instructions of
        /// `dense-sheet-0043` 5.03 G → 4.50 G, `dense-sheet-0040` 2.36 G → 2.03 G; every value of the real,
        /// synthetic and dense corpora, of the 120 renderings and of 4,000 damaged linear symbols of the
        /// misread stress (seed 91) stays as it was (the corpora and the renderings with 0.55 too).
        static let minimumEdgeDensity = 0.5
        /// Least ``relativeEdgeDensity(_:_:)`` of a group whose ``edgeDensity(_:in:)`` is under
        /// ``minimumEdgeDensity`` for its mean to be formed: the map's edge level is a fixed 12 grey levels,
        /// and a small symbol under defocus at low contrast (bars 30–40 grey levels under their spaces, faint
        /// noise) puts fewer of its pixels over it than over a quarter of its own strongest gradients,
        /// while the mean reads it whatever its contrast (its alignment correlates, its sharpening
        /// stretches). Measured: 33 such renderings of a reviewer (EAN-13 with 1.8 px modules and blur σ
        /// 1.2 px, Code 39 with 3 px elements; 1280 × 720 and 2400 × 1800), 0.84–0.93 where their edge
        /// density was 0.40–0.50, and 28 of them read, as without either gate (7 with the edge density
        /// alone); the sheets' groups under 0.5, 0.33 at the median and 6 % of them 0.7 or more.
        static let minimumRelativeEdgeDensity = 0.7
        /// Largest distance (pixels) of a line's own shift from the fitted one for it to be kept.
        static let maximumResidual = 1.0
        /// How the mean is read, in turn until one reads: the unsharp masking's `strength` and Gaussian
        /// `sigma` (pixels; one-module elements are 1.6–2.5 px), and the hysteresis as a fraction of the
        /// luminance range (``LineProfileThreshold/hysteresis(_:fraction:minimum:)``: the rows' 7 %, and
        /// try-harder's 2.5 % for the few grey levels heavy blur leaves). The stronger masking is for blur
        /// σ above about 0.7 modules.
        static let attempts: [(strength: Double, sigma: Double, hysteresis: Double)] = [
            (2, 1, 0.07), (2, 1, 0.025), (3, 1.2, 0.07), (3, 1.2, 0.025),
        ]
        /// Samples per pixel at which the mean is read, in turn until one reads: one, then two (linear
        /// interpolation between the pixel samples, ``upsampled(_:by:)``). The threshold puts each
        /// element's extremum at a sample and its edges between two samples (``LineProfileThreshold``):
        /// an element about two pixels wide under blur has its extremum between two pixels and only one
        /// or two samples inside it, and a half-pixel grid tells its width from its neighbours' where the
        /// pixel grid does not (Code 39 and ITF narrow and wide elements, Code 128 and Code 93 elements
        /// of one and two modules). At two samples per pixel a one-sample speck
        /// (``ScanLine/withoutSpecks()``) is half a pixel wide. Measured (2× after 1× against 1× alone): Code 39 rendered with 1.6–2.2 px narrow elements,
        /// blur σ 0.8–1.2 px, noise σ 14 read 38 → 54 of 80 (none lost); the synthetic corpus's scenes
        /// 9 more (Code 128, Code 39, Code 93, ITF); the dense corpus's shelves 184 → 187 of 194;
        /// 14,000 damaged linear symbols of three stress seeds 9,543 → 9,606 read, wrong values 17 → 18
        /// (an EAN-8 read as a UPC-E); no corpus image lost.
        static let resolutions = [1, 2]

        /// The groups of `blocks` read together: 8-connected, neighbouring scan directions within
        /// ``angleReach``; groups of fewer than ``minimumBlocks`` are left out.
        static func groups(_ blocks: [CandidateMap.LinearBlock]) -> [[CandidateMap.LinearBlock]] {
            var parent = Array(blocks.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
                return i
            }
            var index: [Int: Int] = [:]
            let wide = 1 << 20
            for (i, b) in blocks.enumerated() { index[b.y * wide + b.x] = i }
            for (i, b) in blocks.enumerated() {
                for (dx, dy) in [(1, 0), (-1, 1), (0, 1), (1, 1)] {
                    guard let j = index[(b.y + dy) * wide + b.x + dx],
                        CandidateMap.angleDistance(b.angle, blocks[j].angle) <= angleReach
                    else { continue }
                    parent[root(i)] = root(j)
                }
            }
            var byRoot: [Int: [CandidateMap.LinearBlock]] = [:]
            for i in blocks.indices { byRoot[root(i), default: []].append(blocks[i]) }
            return byRoot.values.filter { $0.count >= minimumBlocks }.sorted {
                ($0[0].y, $0[0].x) < ($1[0].y, $1[0].x)
            }
        }

        /// Every value read from the means of the groups of `blocks` in `frame` (corner points in
        /// `frame.image` pixels), by `decoders` (their indices in ``Found/decoder``). A negative view
        /// (the try-invert pass) takes the mean the positive formed for the same group, light and dark
        /// swapped, from the frame's shared derivations, rather than aligning the lines again.
        static func read(
            _ blocks: [CandidateMap.LinearBlock], frame: FrameContext, options: DecodeOptions,
            decoders: [any LinearRowDecoder]
        ) -> [Found] {
            let map = frame.candidates
            return groups(blocks).filter {
                edgeDensity($0, in: map) >= minimumEdgeDensity
                    || relativeEdgeDensity($0, frame.image) >= minimumRelativeEdgeDensity
            }.flatMap {
                group -> [Found] in
                let key = group.flatMap { [$0.x, $0.y, Int(($0.angle * 100).rounded())] }
                let prepared: Prepared?
                if frame.negatesShared, let p = frame.shared.means.withLock({ $0[key] }) {
                    prepared = p.map { $0.negated }
                } else {
                    prepared = prepare(group, frame.image)
                    if !frame.negatesShared { frame.shared.means.withLock { $0[key] = prepared } }
                }
                guard let prepared else { return [] }
                return read(prepared, options: options, decoders: decoders)
            }
        }

        /// The mean ``CandidateMap/edgeDensity`` of `group`'s blocks in `map` (the map they come from), in
        /// [0, 1].
        static func edgeDensity(_ group: [CandidateMap.LinearBlock], in map: CandidateMap) -> Double {
            guard !group.isEmpty else { return 0 }
            let sum = group.reduce(0.0) { $0 + Double(map.edgeDensity[$1.y * map.blocksWide + $1.x]) }
            return sum / Double(group.count)
        }

        /// The fraction of the pixels of `group`'s blocks in `image` (full resolution, central differences
        /// over two pixels, |gx| + |gy|; the blocks' border pixels on the image's edge left out) whose
        /// gradient reaches a quarter of the group's 90th percentile, in [0, 1]. Like
        /// ``edgeDensity(_:in:)`` (the map's, at half resolution with a fixed level of 12) it says how much
        /// of the blocks is edge, but against the group's own contrast.
        static func relativeEdgeDensity(_ group: [CandidateMap.LinearBlock], _ image: LuminanceImage) -> Double {
            let side = CandidateMap.blockSize
            var histogram = [Int](repeating: 0, count: 1024)
            var count = 0
            image.storage.withUnsafeBufferPointer { p in
                for b in group {
                    let x0 = max(1, b.x * side), y0 = max(1, b.y * side)
                    let x1 = min(image.width - 1, b.x * side + side), y1 = min(image.height - 1, b.y * side + side)
                    guard x1 > x0, y1 > y0 else { continue }
                    for y in y0..<y1 {
                        let row = image.offset + y * image.stride
                        for x in x0..<x1 {
                            let gx = Int(p[row + x + 1]) - Int(p[row + x - 1])
                            let gy = Int(p[row + x + image.stride]) - Int(p[row + x - image.stride])
                            histogram[min(1023, abs(gx) + abs(gy))] += 1
                            count += 1
                        }
                    }
                }
            }
            guard count > 0 else { return 0 }
            var seen = 0, p90 = 0
            for (m, n) in histogram.enumerated() {
                seen += n
                if seen * 10 >= count * 9 { p90 = m; break }
            }
            let level = max(1, p90 / 4)
            let above = histogram[level...].reduce(0, +)
            return Double(above) / Double(count)
        }

        /// A group's lines, their alignment and their mean (the aligned lines without their profiles).
        struct Prepared: Sendable {
            let lines: Lines
            let core: Core
            let theta: Double
            let clipped: (start: Bool, end: Bool)
            let all: [Aligned]
            let mean: [Double]
            /// The same for the frame's negative. Its `lines` still sample the positive image: after
            /// ``prepare(_:_:)`` they serve only for geometry (``Lines/point(_:line:)``,
            /// ``Lines/inside(_:)``), never for luminance.
            var negated: Prepared {
                Prepared(
                    lines: lines, core: core, theta: theta, clipped: clipped, all: all,
                    mean: mean.map { 255 - $0 })
            }
        }

        /// The ``Prepared`` lines of `group` in `image`; nil when the window is too short or too few lines
        /// align.
        static func prepare(_ group: [CandidateMap.LinearBlock], _ image: LuminanceImage) -> Prepared? {
            guard image.width >= 2, image.height >= 2, let (lines, core, theta, clipped) = window(group, image),
                let all = aligned(lines, core: core)
            else { return nil }
            return Prepared(
                lines: lines, core: core, theta: theta, clipped: clipped,
                all: all.map { Aligned(line: $0.line, shifts: $0.shifts, profile: []) },
                mean: mean(all, count: lines.count, core: core))
        }

        /// Lines at one scan direction through a group, sampled bilinearly at whole-pixel steps: line c
        /// holds the points `centre + c·normal + (start + i)·direction`, i = 0..<count.
        struct Lines {
            let image: LuminanceImage
            let centre: Point
            let direction: Point
            let normal: Point
            let start: Double
            let count: Int

            func point(_ i: Double, line c: Double) -> Point {
                let t = start + i
                return Point(
                    centre.x + c * normal.x + t * direction.x, centre.y + c * normal.y + t * direction.y)
            }

            /// The steps of line `c` inside the image (the window's own when it stays inside).
            func inside(_ c: Double) -> (lower: Double, upper: Double) {
                let line = Line(point: point(0, line: c), direction: direction)
                guard let r = line.parameters(insideWidth: Double(image.width), height: Double(image.height))
                else { return (0, 0) }
                return (max(0, r.lower), min(Double(count), r.upper))
            }

            /// Line `c`'s luminance at every step (border pixels repeat outside the image).
            func profile(_ c: Double) -> [Double] {
                var p = unsampled()
                sample(c, 0..<count, into: &p)
                return p
            }

            /// A buffer of ``count`` steps for ``sample(_:_:into:)`` to fill, not cleared: a step must be
            /// sampled before it is read.
            func unsampled() -> [Double] {
                [Double](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
            }

            /// Writes the steps of `range` of line `c`'s ``profile(_:)`` into `p` (a buffer of ``count``).
            func sample(_ c: Double, _ range: Range<Int>, into p: inout [Double]) {
                image.storage.withUnsafeBufferPointer { s in
                    p.withUnsafeMutableBufferPointer { out in
                        for i in range { out[i] = image.bilinear(at: point(Double(i), line: c), in: s) ?? 0 }
                    }
                }
            }
        }

        /// An aligned line: its offset across the lines, the shift along it (steps) at the centres of the
        /// two halves, and its profile.
        struct Aligned {
            var line: Double
            var shifts: [Double]
            var profile: [Double]
            /// The steps of `profile` sampled while aligning (``aligned(_:core:)`` samples the rest of a
            /// line it keeps).
            var sampled: Range<Int> = 0..<0
        }

        /// The values read from the mean of a group's lines (see ``MeanProfile``).
        /// `resolutions`: samples per pixel tried in turn (``resolutions``).
        static func read(
            _ prepared: Prepared, options: DecodeOptions, decoders: [any LinearRowDecoder],
            resolutions: [Int] = MeanProfile.resolutions
        ) -> [Found] {
            let (lines, core, theta, clipped) = (prepared.lines, prepared.core, prepared.theta, prepared.clipped)
            let all = prepared.all, mean = prepared.mean
            let halves = core.halves
            // Read only where the outermost aligned lines are inside the image too (the window was
            // clipped for the middle line); a border that cuts them is the image border of the read.
            let first = lines.inside(all[0].line), last = lines.inside(all[all.count - 1].line)
            let lo = max(0, Int(max(first.lower, last.lower).rounded(.up)))
            let hi = min(lines.count, Int(min(first.upper, last.upper).rounded(.down)))
            guard hi - lo >= 32, lo < halves[0].lowerBound, hi > halves[1].upperBound else { return [] }
            let border = (start: clipped.start || lo > 0, end: clipped.end || hi < lines.count)
            var found: [Found] = []
            for up in resolutions where found.isEmpty {
                let count = (hi - lo) * up
                let window = upsampled(Array(mean[lo..<hi]), by: up)
                // The first attempt that reads anything over the blocks (others have groups of their own).
                var masked: (strength: Double, sigma: Double, profile: [UInt8])?
                for attempt in attempts {
                    // Attempts with the same masking share it.
                    let p: [UInt8]
                    let sigma = attempt.sigma * Double(up)  // in samples of `window`
                    if let m = masked, m.strength == attempt.strength, m.sigma == sigma {
                        p = m.profile
                    } else {
                        p = sharpened(window, strength: attempt.strength, sigma: sigma)
                        masked = (attempt.strength, sigma, p)
                    }
                    let h = LineProfileThreshold.hysteresis(p, fraction: attempt.hysteresis, minimum: 8)
                    let (runs, starts) = LineProfileThreshold.runs(p, hysteresis: h, smoothing: false)
                    let both = LineBothWays(
                        LineSet.padded(
                            runs: runs, starts: starts, range: 0..<count, length: count, bordersAcross: border))
                    var seen: [(BarcodeFormat, String)] = []
                    for (reversed, scanned) in [(false, both.forward), (true, both.reversed)] {
                        for (k, decoder) in decoders.enumerated() {
                            var matches = decoder.decodeRow(scanned, options: options)
                            if matches.isEmpty && decoder.readsWithoutSpecks, let clean = scanned.withoutSpecks() {
                                matches = decoder.decodeRow(clean, options: options)
                            }
                            for m in matches where options.wants(m.format) {
                                // Back to pixels of the mean (steps of the middle line).
                                let s = Double(lo) + Double(reversed ? count - m.end : m.start) / Double(up)
                                let e = Double(lo) + Double(reversed ? count - m.start : m.end) / Double(up)
                                guard s < Double(halves[1].upperBound), e > Double(halves[0].lowerBound),
                                    !seen.contains(where: { $0 == (m.format, m.text) })
                                else { continue }
                                seen.append((m.format, m.text))
                                let barcode = self.barcode(
                                    m, span: s...e, reversed: reversed, all: all, lines: lines, core: core,
                                    theta: theta)
                                found.append(
                                    Found(
                                        decoder: k, barcode: barcode, main: m.main, support: all.count,
                                        family: familyID))
                            }
                        }
                    }
                    if !found.isEmpty { break }
                }
            }
            return found
        }

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
            let margin = Guide.margin + 3 * (coreEnd - coreStart)
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
        /// each half of the core correlates with the middle line's (``Consensus/minimumCorrelation``;
        /// ``Consensus/endingMisses`` misses end a side), with their shifts on the least-squares lines
        /// (a bar is straight, so each half's shift grows linearly across the lines; lines more than
        /// ``maximumResidual`` off the first fit, aligned to another bar, are left out). A line that
        /// leaves the image over the blocks ends its side. Ordered across the lines; nil when either side
        /// has fewer than ``minimumLinesPerSide``.
        static func aligned(_ lines: Lines, core: Core) -> [Aligned]? {
            func bytes(_ p: [Double]) -> [UInt8] { p.map { UInt8(max(0, min(255, $0.rounded()))) } }
            let reference = lines.profile(0)
            let referenceBytes = bytes(reference)
            let halves = core.halves
            var references: [Consensus.Reference] = []
            for h in halves {
                guard let r = Consensus.Reference(Array(referenceBytes[h])) else { return nil }
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
                            let s = Consensus.bestShift(
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
                        if misses >= Consensus.endingMisses { break }
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
            var orientation = theta * 180 / .pi + (reversed ? 180 : 0)
            while orientation < 0 { orientation += 360 }
            while orientation >= 360 { orientation -= 360 }
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
                (Consensus.select(n / 100, in: $0), Consensus.select(n - 1 - n / 100, in: $0))
            }
            guard hi > lo else { return [UInt8](repeating: 0, count: n) }
            return q.map { UInt8(max(0, min(255, (($0 - lo) / (hi - lo) * 255).rounded()))) }
        }
    }
}
