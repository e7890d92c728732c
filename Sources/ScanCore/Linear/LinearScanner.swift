/// The scan-line engine shared by every linear (1D) symbology: one pass over a frame's scan lines feeds
/// every wanted row decoder at once.
///
/// It chooses the scan lines once per frame (rows, middle out; columns when `tryRotate` is set; slanted
/// families at the candidates' angles), reads each line's run lengths once per line source (``LineSource``,
/// cached in the ``FrameContext`` for both directions and for the frame's negative; the sources are tried
/// in turn until the reads explain every candidate block the line meets), hands each line in
/// both directions to every row decoder (``LinearRowDecoder``), and turns the per-line matches into one
/// ``Barcode`` per symbol: matches with the same value whose spans overlap on neighbouring lines are one
/// symbol, which must be read on at least ``DecodeOptions/minLineAgreement`` lines (a lone read is
/// re-checked on the adjacent pixel lines before it is dropped), and whose ends must be the symbol's ends
/// as the parallel lines beside it see them (``SymbolEnds``: not where the line left a tilted symbol
/// through the bars' top or bottom edge). Where two values claim one place, the one read on clearly more
/// lines wins, whichever symbologies and line families they belong to, and a shorter read inside a longer one is
/// a piece of it (``resolveConflicts(_:unconfirmed:lines:image:)``). Corner points span the first and last agreeing lines.
public enum LinearScanner {
    /// Lines scanned per direction: this many across the image (more with `tryHarder`).
    public static let linesFast = 24
    public static let linesTryHarder = 96
    /// Largest distance (pixels) between the scan lines read through a candidate block, half the block's
    /// side: a frame's `linesTryHarder` lines are 16–40 pixels apart on 2–12 MP photos, so a small symbol
    /// (modules of about 2 pixels, bars 40–60 pixels high) met only one or two of them, each of which may
    /// lose a one-module bar to blur and noise, and it needs ``DecodeOptions/minLineAgreement`` reads. The
    /// added lines read the primary (profile) source only and cost nothing where there is no candidate.
    public static let guidedLineSpacing = 8

    /// Directions of the slanted line families tried when `tryRotate` is set (degrees clockwise from the x
    /// axis): 15° apart, so a symbol at any angle is within 7.5° of one family, which a line crosses
    /// completely when the bars are at least 0.14 × the symbol's length high (EAN/UPC bars are 0.2–0.7 × it).
    /// They are read where the rows and columns left linear candidate blocks that no symbol explains.
    public static let slantedAngles: [Double] = [15, 30, 45, 60, 75, 105, 120, 135, 150, 165]

    /// Decodes every symbol `decoder` can read in `frame` (``scan(_:options:decoders:)`` with one decoder).
    public static func scan(
        _ frame: FrameContext, options: DecodeOptions, decoder: some LinearRowDecoder
    ) -> [Barcode] {
        scan(frame, options: options, decoders: [decoder])[0]
    }

    /// Decodes every symbol the `decoders` can read in `frame`, in one pass over its scan lines: element k
    /// of the result holds what `decoders[k]` read (corner points in pixels of `frame.image`).
    ///
    /// Unless `options.searchWholeFrame` or `options.pure` is set, only lines that cross linear candidate
    /// blocks of the frame's ``CandidateMap`` are read, each only over the stretch around those blocks
    /// (see ``Guide``), and the slanted families only at the angles of candidates the rows and columns did
    /// not explain: a frame without a linear candidate costs nothing more than the map.
    ///
    /// With `meanOnly`, when the mean runs at all (`tryHarder` and `tryRotate`, neither `pure` nor
    /// `searchWholeFrame`, a map that is not exhaustive), only the mean of the lines along the bars
    /// (``MeanProfile``) reads, over every group of linear candidate blocks but those inside the
    /// `contested` outlines (frame pixels: where lines read rival values without a winner, the mean is not
    /// a third opinion); the line families are left out. Otherwise `meanOnly` changes nothing. The
    /// registry asks for this in its downscaled passes, with the places the full-size passes found
    /// contested (see ``DecoderRegistry``).
    public static func scan(
        _ frame: FrameContext, options: DecodeOptions, decoders: [any LinearRowDecoder], meanOnly: Bool = false,
        contested: [[Point]] = []
    ) -> [[Barcode]] {
        var byDecoder = [[Barcode]](repeating: [], count: decoders.count)
        guard frame.width > 0, frame.height > 0, !decoders.isEmpty else { return byDecoder }
        let meanRuns = options.tryHarder && options.tryRotate && !options.pure && !options.searchWholeFrame
        if meanOnly && meanRuns && !frame.candidates.isExhaustive {
            let blocks = frame.candidates.linearBlocks.filter { b in !contested.contains { Guide.explains($0, b) } }
            for f in resolveConflicts(MeanProfile.read(blocks, frame: frame, options: options, decoders: decoders)) {
                byDecoder[f.decoder].append(f.barcode)
            }
            return byDecoder
        }
        var axes: [Axis] = [.rows]
        if options.tryRotate { axes.append(.columns) }
        var kinds: [BinarizerKind] = [options.binarizer]
        if options.tryHarder {
            kinds.append(contentsOf: BinarizerKind.allCases.filter { $0 != options.binarizer })
        }
        var guide: Guide?
        if !options.searchWholeFrame && !options.pure {
            let map = frame.candidates
            if !map.isExhaustive {
                let g = Guide(map.linearBlocks)
                if g.blocks.isEmpty { return byDecoder }
                guide = g
            }
        }
        // The profile source first: it reads blurred and unevenly lit lines the 2D binarizers lose.
        // Rows and columns sample pixels exactly and are read unsmoothed: the smoothing kernel takes most of
        // the contrast of bars and spaces under 2 pixels wide.
        var sources: [LineSource] = [.profile(frame.image, hysteresisFraction: 0.07, smoothing: false)]
        // With try-harder, again with a finer hysteresis for heavily blurred bars (a few grey levels).
        if options.tryHarder { sources.append(.profile(frame.image, hysteresisFraction: 0.025, smoothing: false)) }
        // Binarized lazily: a frame whose candidate lines all read from the profile never needs them.
        sources += kinds.map { .binarized(frame, $0) }
        let context = ReadContext(frame: frame, guide: guide)
        var found: [Found] = []
        for axis in axes {
            found += scan(
                LineSet(axis, width: frame.width, height: frame.height), sources: sources,
                options: options, decoders: decoders, context: context)
        }
        if options.tryRotate && !options.pure {
            // The slanted families read only one profile source, to bound the cost; with a candidate map,
            // only at the angles of candidate blocks no symbol read so far explains. A slanted line takes the
            // nearest pixel at each step, which moves its edges by up to half a pixel: it is smoothed.
            let slantedSource = LineSource.profile(frame.image, hysteresisFraction: 0.07, smoothing: true)
            var slanted: ReadContext? = found.allSatisfy(\.contested) ? context : nil
            if let guide {
                let quads = found.filter { !$0.contested }.map(\.barcode.cornerPoints)
                let left = guide.blocks.filter { b in !quads.contains { Guide.explains($0, b) } }
                slanted = left.isEmpty ? nil : ReadContext(frame: frame, guide: Guide(left))
            }
            if let slanted {
                for angle in slantedAngles where slanted.guide?.wants(angle) ?? true {
                    found += scan(
                        LineSet(.slanted(angle), width: frame.width, height: frame.height),
                        sources: [slantedSource], options: options, decoders: decoders,
                        context: slanted)
                }
            }
        }
        if meanRuns, let guide {
            // Where candidate blocks remain that no read explains, the mean of the lines along the bars
            // (small, blurred symbols). Contested reads explain blocks too: where the lines read rival
            // values without a winner, the mean, which counts as all its lines, is not a third opinion.
            let quads = found.map(\.barcode.cornerPoints)
            let left = guide.blocks.filter { b in !quads.contains { Guide.explains($0, b) } }
            found += MeanProfile.read(left, frame: frame, options: options, decoders: decoders)
            let contested = found.filter(\.contested).map(\.barcode.cornerPoints)
            if !contested.isEmpty { frame.shared.contested.withLock { $0 += contested } }
        }
        for f in resolveConflicts(found) { byDecoder[f.decoder].append(f.barcode) }
        return byDecoder
    }

    /// A symbol the engine read, and the index of the row decoder that read it.
    struct Found {
        var decoder: Int
        var barcode: Barcode
        /// Its value without a supplement (``LinearMatch/main``).
        var main: Substring = ""
        /// The number of lines that read it.
        var support: Int = 0
        /// The line family that read it (``LineSet/familyID``).
        var family: Int = 0
        /// True when its family's lines read rival values at its place without a clear winner: it is
        /// not reported, and readings of other families there must win against it.
        var contested = false
        /// False when the consensus of its lines along the bars (``Consensus``) was formed and did not read
        /// its value (it was silent: a read it contradicts is dropped before); true when it read it, or
        /// when no consensus is formed (`pure`, or a first line source that is not a luminance profile),
        /// and for a read of the mean of the lines along the bars (``MeanProfile``), which is their evidence.
        /// Readings of other families with other values there are outvoted only by one that is true.
        var agreesAlongBars = true
    }

    /// What a line read may use besides the line itself: the frame (its line cache) and the guide.
    struct ReadContext {
        var frame: FrameContext?
        var guide: Guide?
    }

    /// Scans one family of parallel lines with every decoder.
    static func scan(
        _ lines: LineSet, sources: [LineSource], options: DecodeOptions, decoders: [any LinearRowDecoder],
        context: ReadContext = ReadContext()
    ) -> [Found] {
        let lineCount = lines.count
        guard lineCount > 0 else { return [] }
        let wanted = options.tryHarder ? linesTryHarder : linesFast
        let family = context.guide?.family(lines)
        if let family, family.isEmpty { return [] }
        // Scan lines `coarseStep` apart; with a guide, the lines through candidate blocks are split further
        // until they are at most `guidedLineSpacing` apart, the added lines reading the first source only.
        let coarseStep = max(1, lineCount / wanted)
        let parts = family == nil ? 1 : (coarseStep + guidedLineSpacing - 1) / guidedLineSpacing
        let step = max(1, coarseStep / parts)
        let all = Array(decoders.indices)
        // Lines (and stretches) too short for the shortest symbol of any decoder are not read: slanted
        // lines near the frame's corners, and every line of a frame a few pixels high or wide.
        let shortest = decoders.map(\.minimumElements).min() ?? 1
        var slanted = false
        if case .slanted = lines.axis { slanted = true }
        if !slanted && lines.length(0) < shortest { return [] }
        var hits: [Hit] = []
        for coarse in middleOut(count: lineCount, step: coarseStep) {
            for part in 0..<parts {
                let index = coarse + coarseStep * part / parts
                guard index < lineCount else { continue }
                // (With a guide, its stretches are clipped to the line: the filter below is the test.)
                if slanted && family == nil && lines.length(index) < shortest { continue }
                var segments: [Range<Int>?] = [nil]
                if let family {
                    segments = family.segments(lines, index).filter { $0.count >= shortest }
                    if segments.isEmpty { continue }
                }
                // The sources are alternative readings of one line: once the reads explain every candidate
                // block the stretch meets (without a guide: once one source reads), the other sources would
                // read the same bars again, or less well.
                for segment in segments {
                    var reads: [ClosedRange<Int>] = []
                    for source in sources.prefix(part == 0 ? sources.count : 1) {
                        let read = readLine(
                            source, lines: lines, index: index, segment: segment, options: options,
                            decoders: decoders, using: all, frame: context.frame)
                        hits += read
                        guard !read.isEmpty else { continue }
                        guard let family, let segment else { break }
                        reads += read.map { $0.forwardStart...$0.forwardEnd }
                        if family.explains(lines, index, reads: reads, in: segment) { break }
                    }
                }
            }
        }
        var clusters = merge(cluster(hits, gap: max(2 * step, 3)))
        let needed = options.pure ? 1 : max(1, min(options.minLineAgreement, (lineCount + step - 1) / step))
        for i in clusters.indices where clusters[i].lines.count < needed {
            confirm(&clusters[i], step: step, sources: sources, lines: lines, options: options, decoders: decoders)
        }
        var accepted = clusters.filter { $0.lines.count >= needed }
        let unconfirmed = options.pure ? [] : clusters.filter { $0.lines.count < needed }
        if !options.pure, let source = sources.first {
            // Before the conflicts: a partial read seen on many lines must not push out the whole one.
            accepted = accepted.filter { SymbolEnds.consistent($0.middleHit, lines: lines, source: source) }
        }
        var image: LuminanceImage?
        if case .profile(let i, _, _) = sources.first { image = i }
        let resolved = resolveConflicts(accepted, unconfirmed: unconfirmed, lines: lines, image: image)
        accepted = resolved.kept
        // Each kept read against the consensus along its bars: refused when it contradicts it, and,
        // where rival values were read or its value is also a piece of a longer symbol
        // (``LinearMatch/mayBePartOfLongerSymbol``), kept only when it agrees. A value without a check
        // character (``LinearMatch/checkedByCheckCharacter``) that the consensus forms but reads neither
        // by its vote nor by the lines' median is kept only when its own lines span at least half of
        // those the bars cross: a band of lines between damage reads changed characters, or a symbol
        // cut short, that no check catches. So is a value with a check character whose lines saw light
        // where most lines along the bars saw a bar (`washed`: glare thinned its bars, and the changed
        // digits passed the check digit by chance). Such a refused value still counts against other values
        // at its place, as it did when kept (``resolveConflicts(_:)``): it is returned as contested, so
        // that no other family's value there wins for want of a rival.
        var agrees = [Bool](repeating: true, count: accepted.count)  // no consensus formed
        var refused: [Cluster] = []
        if !options.pure, let image {
            var kept: [Cluster] = []
            agrees = []
            for (i, c) in accepted.enumerated() {
                let unchecked = !c.hits[0].match.checkedByCheckCharacter
                let mustAgree = resolved.disputed[i] || c.hits[0].match.mayBePartOfLongerSymbol
                let verdict = consensus(
                    c, lines: lines, image: image, options: options, decoders: decoders, unchecked: unchecked,
                    mustAgree: mustAgree)
                guard verdict != .contradicts, verdict == .agrees || !mustAgree else { continue }
                if case .unread(let barLines, let medianReads, let washed) = verdict, unchecked || washed,
                    !medianReads, !spansHalf(c, of: barLines)
                {
                    refused.append(c)
                    continue
                }
                kept.append(c)
                agrees.append(verdict == .agrees)
            }
            accepted = kept
        }
        for i in accepted.indices {
            extend(
                &accepted[i], reach: step + 2, sources: sources, lines: lines, options: options,
                decoders: decoders)
        }
        for i in refused.indices {
            extend(
                &refused[i], reach: step + 2, sources: sources, lines: lines, options: options,
                decoders: decoders)
        }
        func found(_ c: Cluster, contested: Bool, agrees: Bool = true) -> Found {
            Found(
                decoder: c.hits[0].decoder, barcode: c.barcode(lines), main: c.main, support: c.lines.count,
                family: lines.familyID, contested: contested, agreesAlongBars: agrees)
        }
        return accepted.indices.map { found(accepted[$0], contested: false, agrees: agrees[$0]) }
            + (resolved.contested + refused).map { found($0, contested: true) }
    }

    /// Where a line's runs come from: a binarized matrix, or the luminance profile along the line
    /// (``LineProfileThreshold``, with sub-pixel edges).
    /// `.binarized` is resolved through the frame on first use.
    enum LineSource {
        case matrix(BitMatrix)
        /// `smoothing`: see ``LineProfileThreshold/edges(_:hysteresis:smoothing:)``.
        case profile(LuminanceImage, hysteresisFraction: Double, smoothing: Bool = true)
        case binarized(FrameContext, BinarizerKind)

        /// A small number naming the source in the frame's line cache (nil: not cached).
        var cacheID: Int? {
            switch self {
            case .matrix: return nil
            case .profile(_, let f, let smoothing):
                guard f == 0.07 || f == 0.025 else { return nil }
                return (f == 0.07 ? 0 : 1) + (smoothing ? 0 : 4)
            case .binarized(_, let k): return k == .local ? 2 : 3
            }
        }
    }

    /// A scan line in a frame's line cache: family, source, line index and the stretch read.
    struct LineKey: Hashable {
        var family: Int
        var source: Int
        var index: Int
        var start: Int
        var end: Int
        /// Read in the frame's negative (see ``FrameContext/inverted``).
        var negative: Bool
    }

    /// A scan line and the same line read in the other direction.
    struct LineBothWays: Sendable {
        var forward: ScanLine
        /// Nil when the line has fewer runs than its reader asked for (``init(_:reversedFrom:)``).
        private var storedReversed: ScanLine?
        /// The line read in the other direction (made now when it was not made with the line).
        var reversed: ScanLine { storedReversed ?? forward.reversed() }
        /// `line`, and the line reversed when it has `minimumRuns` runs or more: a line with fewer holds
        /// no symbol of the decoders reading it, which read neither direction, and most lines through
        /// texture and flat areas are such lines.
        init(_ line: ScanLine, reversedFrom minimumRuns: Int = 0) {
            forward = line
            storedReversed = line.runs.count >= minimumRuns ? line.reversed() : nil
        }
    }

    /// A family of parallel scan lines: image rows, image columns, or lines slanted by an angle.
    enum Axis: Equatable { case rows, columns, slanted(Double) }
}
