/// The scan-line engine shared by every linear (1D) symbology.
///
/// It binarizes once (through ``FrameContext``), reads run lengths along several rows, middle out, in
/// both directions, and along columns when `tryRotate` is set; hands each line to a ``LinearRowDecoder``;
/// and turns the per-line matches into one ``Barcode`` per symbol: matches with the same value whose spans
/// overlap on neighbouring lines are one symbol, which must be read on at least
/// ``DecodeOptions/minLineAgreement`` lines (a lone read is re-checked on the adjacent pixel lines before
/// it is dropped), and whose ends must be the symbol's ends as the parallel lines beside it see them
/// (``SymbolEnds``: not where the line left a tilted symbol through the bars' top or bottom edge).
/// Corner points span the first and last agreeing lines.
public enum LinearScanner {
    /// Lines scanned per direction: this many across the image (more with `tryHarder`).
    public static let linesFast = 24
    public static let linesTryHarder = 96

    /// Directions of the slanted line families tried when `tryRotate` is set and the rows and columns gave
    /// nothing (degrees clockwise from the x axis): 15° apart, so a symbol at any angle is within 7.5° of
    /// one family, which a line crosses completely when the bars are at least 0.14 × the symbol's length
    /// high (EAN/UPC bars are 0.2–0.7 × it).
    public static let slantedAngles: [Double] = [15, 30, 45, 60, 75, 105, 120, 135, 150, 165]

    /// Decodes every symbol `decoder` can read in `frame`.
    ///
    /// Unless `options.searchWholeFrame` or `options.pure` is set, only lines that cross linear candidate
    /// blocks of the frame's ``CandidateMap`` are read, each only over the stretch around those blocks
    /// (see ``Guide``), and the slanted families only at the candidates' angles: a frame without a linear
    /// candidate costs nothing more than the map.
    public static func scan(
        _ frame: FrameContext, options: DecodeOptions, decoder: some LinearRowDecoder
    ) -> [Barcode] {
        var axes: [Axis] = [.rows]
        if options.tryRotate { axes.append(.columns) }
        var kinds: [BinarizerKind] = [options.binarizer]
        if options.tryHarder {
            kinds.append(contentsOf: BinarizerKind.allCases.filter { $0 != options.binarizer })
        }
        guard frame.width > 0, frame.height > 0 else { return [] }
        var guide: Guide?
        if !options.searchWholeFrame && !options.pure {
            let map = frame.candidates
            if !map.isExhaustive {
                let g = Guide(map)
                if g.blocks.isEmpty { return [] }
                guide = g
            }
        }
        // The profile source first: it reads blurred and unevenly lit lines the 2D binarizers lose.
        var matrices: [LineSource] = [.profile(frame.image, hysteresisFraction: 0.07)]
        // With try-harder, again with a finer hysteresis for heavily blurred bars (a few grey levels).
        if options.tryHarder { matrices.append(.profile(frame.image, hysteresisFraction: 0.025)) }
        // Binarized lazily: a frame whose candidate lines all read from the profile never needs them.
        matrices += kinds.map { .binarized(frame, $0) }
        let context = ReadContext(frame: frame, guide: guide)
        var results: [Barcode] = []
        for axis in axes {
            results += scan(LineSet(axis, width: frame.width, height: frame.height), matrices: matrices,
                            options: options, decoder: decoder, context: context)
        }
        if results.isEmpty && options.tryRotate && !options.pure {
            // More line families: only the primary (profile) source, to bound the cost; with a candidate
            // map, only the families within reach of a candidate's angle.
            for angle in slantedAngles where guide?.wants(angle) ?? true {
                results += scan(LineSet(.slanted(angle), width: frame.width, height: frame.height),
                                matrices: Array(matrices.prefix(1)), options: options, decoder: decoder,
                                context: context)
            }
        }
        return results
    }

    /// What a line read may use besides the line itself: the frame (its line cache) and the guide.
    struct ReadContext {
        var frame: FrameContext?
        var guide: Guide?
    }

    /// Scans one family of parallel lines.
    static func scan(
        _ lines: LineSet, matrices: [LineSource], options: DecodeOptions, decoder: some LinearRowDecoder,
        context: ReadContext = ReadContext()
    ) -> [Barcode] {
        let lineCount = lines.count
        guard lineCount > 0 else { return [] }
        let wanted = options.tryHarder ? linesTryHarder : linesFast
        let step = max(1, lineCount / wanted)
        let family = context.guide?.family(lines)
        if let family, family.isEmpty { return [] }
        var hits: [Hit] = []
        for index in middleOut(count: lineCount, step: step) {
            var segment: Range<Int>?
            if let family {
                guard let s = family.segment(lines, index) else { continue }
                segment = s
            }
            for matrix in matrices {
                hits += readLine(matrix, lines: lines, index: index, segment: segment, options: options,
                                 decoder: decoder, frame: context.frame)
            }
        }
        var clusters = merge(cluster(hits, gap: max(2 * step, 3)))
        let needed = options.pure ? 1 : max(1, min(options.minLineAgreement, (lineCount + step - 1) / step))
        for i in clusters.indices where clusters[i].lines.count < needed {
            confirm(&clusters[i], step: step, matrices: matrices, lines: lines, options: options, decoder: decoder)
        }
        var accepted = clusters.filter { $0.lines.count >= needed }
        if !options.pure, let source = matrices.first {
            // Before the conflicts: a partial read seen on many lines must not push out the whole one.
            accepted = accepted.filter { SymbolEnds.consistent($0.middleHit, lines: lines, source: source) }
        }
        accepted = resolveConflicts(accepted)
        for i in accepted.indices {
            extend(&accepted[i], reach: step + 2, matrices: matrices, lines: lines, options: options,
                   decoder: decoder)
        }
        return accepted.map { $0.barcode(lines) }
    }

    /// Where a line's runs come from: a binarized matrix, or the luminance profile along the line
    /// (``LineProfileThreshold``, with sub-pixel edges).
    /// `.binarized` is resolved through the frame on first use.
    enum LineSource {
        case matrix(BitMatrix), profile(LuminanceImage, hysteresisFraction: Double)
        case binarized(FrameContext, BinarizerKind)

        /// A small number naming the source in the frame's line cache (nil: not cached).
        var cacheID: Int? {
            switch self {
            case .matrix: return nil
            case .profile(_, let f): return f == 0.07 ? 0 : (f == 0.025 ? 1 : nil)
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
        var reversed: ScanLine
        init(_ line: ScanLine) {
            forward = line
            reversed = line.reversed()
        }
    }

    /// A family of parallel scan lines: image rows, image columns, or lines slanted by an angle.
    enum Axis: Equatable { case rows, columns, slanted(Double) }

    /// One decoded line: the match, its direction and line index.
    struct Hit {
        var match: LinearMatch
        var reversed: Bool
        var line: Int
        var length: Int
        /// Span in forward coordinates along the line.
        var forwardStart: Int { reversed ? length - match.end : match.start }
        var forwardEnd: Int { reversed ? length - match.start : match.end }
    }

    /// Agreeing hits of one symbol.
    struct Cluster {
        var hits: [Hit]
        var lines: Set<Int> { Set(hits.map(\.line)) }
        var key: Key { Key(hits[0]) }
        var span: ClosedRange<Int> {
            (hits.map(\.forwardStart).min() ?? 0)...(hits.map(\.forwardEnd).max() ?? 0)
        }
        var lineRange: ClosedRange<Int> { (hits.map(\.line).min() ?? 0)...(hits.map(\.line).max() ?? 0) }
        /// The hit on the middle one of the cluster's lines (furthest from the ends of the bars).
        var middleHit: Hit {
            let sorted = hits.sorted { $0.line < $1.line }
            return sorted[sorted.count / 2]
        }
    }

    struct Key: Hashable {
        var format: BarcodeFormat
        var text: String
        var reversed: Bool
        init(_ h: Hit) { format = h.match.format; text = h.match.text; reversed = h.reversed }
    }

    static func middleOut(count: Int, step: Int) -> [Int] {
        let mid = count / 2
        var out = [mid]
        var k = 1
        while true {
            let above = mid - k * step, below = mid + k * step
            if above < 0 && below >= count { break }
            if above >= 0 { out.append(above) }
            if below < count { out.append(below) }
            k += 1
        }
        return out
    }

    static func readLine(
        _ source: LineSource, lines: LineSet, index: Int, segment: Range<Int>? = nil, options: DecodeOptions,
        decoder: some LinearRowDecoder, frame: FrameContext? = nil
    ) -> [Hit] {
        let both: LineBothWays
        if let frame, let id = source.cacheID {
            // Every linear plugin reads the same lines of a frame: read each once, in both directions.
            let key = LineKey(family: lines.familyID, source: id, index: index, start: segment?.lowerBound ?? -1,
                              end: segment?.upperBound ?? -1, negative: frame.negatesShared)
            if let cached = frame.shared.lines.withLock({ $0[key] }) {
                both = cached
            } else {
                var positive = key
                positive.negative = false
                // A negative view (the try-invert pass) takes the positive's line with light and dark
                // swapped rather than reading it again.
                if key.negative, let p = frame.shared.lines.withLock({ $0[positive] }) {
                    both = LineBothWays(p.forward.inverted())
                } else {
                    both = LineBothWays(lines.scanLine(source, index, segment: segment))
                }
                frame.shared.lines.withLock { $0[key] = both }
            }
        } else {
            both = LineBothWays(lines.scanLine(source, index, segment: segment))
        }
        let line = both.forward
        guard line.runs.count >= 4 else { return [] }  // fewer than two bars: nothing to read
        var hits: [Hit] = []
        for m in decoder.decodeRow(line, options: options) where options.wants(m.format) {
            hits.append(Hit(match: m, reversed: false, line: index, length: line.length))
        }
        for m in decoder.decodeRow(both.reversed, options: options) where options.wants(m.format) {
            hits.append(Hit(match: m, reversed: true, line: index, length: line.length))
        }
        return hits
    }

    /// Groups hits of the same value whose spans overlap and whose lines are at most `gap` apart.
    static func cluster(_ hits: [Hit], gap: Int) -> [Cluster] {
        var clusters: [Cluster] = []
        for hit in hits.sorted(by: { $0.line < $1.line }) {
            let key = Key(hit)
            if let i = clusters.lastIndex(where: { c in
                c.key == key && c.span.overlaps(hit.forwardStart...hit.forwardEnd)
                    && (c.hits.map(\.line).max() ?? 0) + gap >= hit.line
            }) {
                clusters[i].hits.append(hit)
            } else {
                clusters.append(Cluster(hits: [hit]))
            }
        }
        return clusters
    }

    /// Joins clusters of the same value and place that a stretch of unread lines split (a smudge, a glare
    /// band): their spans overlap and the lines between them are fewer than half the symbol's length.
    /// Two equal symbols stacked further apart stay separate.
    static func merge(_ clusters: [Cluster]) -> [Cluster] {
        var out: [Cluster] = []
        for c in clusters {
            if let i = out.firstIndex(where: { o in
                o.key == c.key && o.span.overlaps(c.span)
                    && lineDistance(o, c) <= max(3, (o.span.upperBound - o.span.lowerBound) / 2)
            }) {
                out[i].hits += c.hits
            } else {
                out.append(c)
            }
        }
        return out
    }

    static func lineDistance(_ a: Cluster, _ b: Cluster) -> Int {
        let ra = a.lineRange, rb = b.lineRange
        if ra.overlaps(rb) { return 0 }
        return ra.upperBound < rb.lowerBound ? rb.lowerBound - ra.upperBound : ra.lowerBound - rb.upperBound
    }

    /// The first hit on line `index` (any matrix) with the cluster's value and place.
    static func reread(
        _ c: Cluster, index: Int, matrices: [LineSource], lines: LineSet, options: DecodeOptions,
        decoder: some LinearRowDecoder
    ) -> Hit? {
        guard index >= 0, index < lines.count else { return nil }
        let key = c.key, span = c.span
        for matrix in matrices {
            let found = readLine(matrix, lines: lines, index: index, options: options, decoder: decoder)
            if let h = found.first(where: { Key($0) == key && span.overlaps($0.forwardStart...$0.forwardEnd) }) {
                return h
            }
        }
        return nil
    }

    /// Re-reads the pixel lines next to a cluster's lines to confirm a read seen on too few scan lines.
    static func confirm(
        _ c: inout Cluster, step: Int, matrices: [LineSource], lines: LineSet, options: DecodeOptions,
        decoder: some LinearRowDecoder
    ) {
        let reach = max(1, min(3, step / 2))
        for base in c.lines.sorted() {
            for delta in [-reach, reach, -1, 1] where delta != 0 {
                let index = base + delta
                guard !c.lines.contains(index) else { continue }
                if let h = reread(c, index: index, matrices: matrices, lines: lines, options: options,
                                  decoder: decoder) {
                    c.hits.append(h)
                }
            }
        }
    }

    /// Follows an accepted symbol outwards, one pixel line at a time (at most `reach` lines past its first
    /// and last read lines), so the corner points reach the ends of its bars rather than the nearest scan
    /// lines.
    static func extend(
        _ c: inout Cluster, reach: Int, matrices: [LineSource], lines: LineSet, options: DecodeOptions,
        decoder: some LinearRowDecoder
    ) {
        for direction in [-1, 1] {
            var index = direction < 0 ? c.lineRange.lowerBound : c.lineRange.upperBound
            for _ in 0..<reach {
                index += direction
                guard let h = reread(c, index: index, matrices: matrices, lines: lines, options: options,
                                     decoder: decoder)
                else { break }
                c.hits.append(h)
            }
        }
    }

    /// Where two clusters with different values claim the same place, keeps the one read on clearly more
    /// lines (at least twice as many); a misread on a line or two loses to the true value. A read that
    /// extends another (same start, longer text: a main symbol with its supplement) is not a conflict.
    static func resolveConflicts(_ clusters: [Cluster]) -> [Cluster] {
        clusters.filter { c in
            !clusters.contains { other in
                other.key != c.key && other.lines.count >= 2 * c.lines.count
                    && other.span.overlaps(c.span) && linesOverlap(other, c) && !extends(c, other)
            }
        }
    }

    /// True when `a` reads `b`'s value followed by more, from the same start.
    static func extends(_ a: Cluster, _ b: Cluster) -> Bool {
        let ka = a.key, kb = b.key
        guard ka.format == kb.format, ka.reversed == kb.reversed, ka.text.count > kb.text.count,
              ka.text.hasPrefix(kb.text)
        else { return false }
        return true
    }

    static func linesOverlap(_ a: Cluster, _ b: Cluster) -> Bool {
        let la = a.lines, lb = b.lines
        guard let a0 = la.min(), let a1 = la.max(), let b0 = lb.min(), let b1 = lb.max() else { return false }
        return a0 <= b1 && b0 <= a1
    }
}

extension LinearScanner.Cluster {
    /// The barcode for this cluster, with corner points mapped to image pixels.
    func barcode(_ lines: LinearScanner.LineSet) -> Barcode {
        let reversed = hits[0].reversed
        // Position across the symbol grows towards the symbol's bottom edge (see Barcode.cornerPoints):
        // along the family's normal when read forwards, against it when read backwards.
        let downSign = reversed ? -lines.downSign : lines.downSign
        let byDown = hits.sorted { downSign * $0.line < downSign * $1.line }
        let top = byDown[0], bottom = byDown[byDown.count - 1]
        // The symbol's start (its first bar as read) in forward coordinates.
        func start(_ h: LinearScanner.Hit) -> Point {
            lines.point(along: Double(reversed ? h.forwardEnd : h.forwardStart), line: h.line)
        }
        func end(_ h: LinearScanner.Hit) -> Point {
            lines.point(along: Double(reversed ? h.forwardStart : h.forwardEnd), line: h.line)
        }
        var orientation = lines.angle + (reversed ? 180 : 0)
        if orientation >= 360 { orientation -= 360 }
        let m = top.match
        let corners = [start(top), end(top), end(bottom), start(bottom)]
        return Barcode(
            format: m.format, rawValue: m.text, rawBytes: m.rawBytes, displayValue: m.displayValue ?? m.text,
            cornerPoints: corners, symbologyIdentifier: m.symbologyIdentifier, orientation: orientation,
            metadata: m.metadata)
    }
}
