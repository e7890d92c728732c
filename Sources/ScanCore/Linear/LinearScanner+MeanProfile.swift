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
    }
}
