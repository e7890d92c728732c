/// The scan-line engine shared by every linear (1D) symbology.
///
/// It binarizes once (through ``FrameContext``), reads run lengths along several rows, middle out, in
/// both directions, and along columns when `tryRotate` is set; hands each line to a ``LinearRowDecoder``;
/// and turns the per-line matches into one ``Barcode`` per symbol: matches with the same value whose spans
/// overlap on neighbouring lines are one symbol, which must be read on at least
/// ``DecodeOptions/minLineAgreement`` lines (a lone read is re-checked on the adjacent pixel lines before
/// it is dropped). Corner points span the first and last agreeing lines.
public enum LinearScanner {
    /// Lines scanned per direction: this many across the image (more with `tryHarder`).
    public static let linesFast = 24
    public static let linesTryHarder = 96

    /// Decodes every symbol `decoder` can read in `frame`.
    public static func scan(
        _ frame: FrameContext, options: DecodeOptions, decoder: some LinearRowDecoder
    ) -> [Barcode] {
        var axes: [Axis] = [.rows]
        if options.tryRotate { axes.append(.columns) }
        var kinds: [BinarizerKind] = [options.binarizer]
        if options.tryHarder {
            kinds.append(contentsOf: BinarizerKind.allCases.filter { $0 != options.binarizer })
        }
        var results: [Barcode] = []
        for axis in axes {
            let lineCount = axis == .rows ? frame.height : frame.width
            let lineLength = axis == .rows ? frame.width : frame.height
            guard lineCount > 0, lineLength > 0 else { continue }
            let wanted = options.tryHarder ? linesTryHarder : linesFast
            let step = max(1, lineCount / wanted)
            var hits: [Hit] = []
            let matrices = kinds.map { frame.binarized($0) }
            for index in middleOut(count: lineCount, step: step) {
                for matrix in matrices {
                    hits += readLine(matrix, axis: axis, index: index, options: options, decoder: decoder)
                }
            }
            var clusters = cluster(hits, gap: max(2 * step, 3))
            let needed = options.pure ? 1 : max(1, min(options.minLineAgreement, (lineCount + step - 1) / step))
            for i in clusters.indices where clusters[i].lines.count < needed {
                confirm(&clusters[i], step: step, matrices: matrices, axis: axis, lineCount: lineCount,
                        options: options, decoder: decoder)
            }
            let accepted = clusters.filter { $0.lines.count >= needed }
            for c in resolveConflicts(accepted) {
                results.append(c.barcode(axis: axis, width: frame.width, height: frame.height))
            }
        }
        return results
    }

    enum Axis { case rows, columns }

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
        _ matrix: BitMatrix, axis: Axis, index: Int, options: DecodeOptions, decoder: some LinearRowDecoder
    ) -> [Hit] {
        let line = ScanLine(runs: axis == .rows ? matrix.rowRuns(index) : matrix.columnRuns(index))
        guard line.runs.count >= 4 else { return [] }  // fewer than two bars: nothing to read
        var hits: [Hit] = []
        for m in decoder.decodeRow(line, options: options) where options.wants(m.format) {
            hits.append(Hit(match: m, reversed: false, line: index, length: line.length))
        }
        for m in decoder.decodeRow(line.reversed(), options: options) where options.wants(m.format) {
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

    /// Re-reads the pixel lines next to a cluster's lines to confirm a read seen on too few scan lines.
    static func confirm(
        _ c: inout Cluster, step: Int, matrices: [BitMatrix], axis: Axis, lineCount: Int,
        options: DecodeOptions, decoder: some LinearRowDecoder
    ) {
        let key = c.key
        let reach = max(1, min(3, step / 2))
        for base in c.lines.sorted() {
            for delta in [-reach, reach, -1, 1] where delta != 0 {
                let index = base + delta
                guard index >= 0, index < lineCount, !c.lines.contains(index) else { continue }
                for matrix in matrices {
                    let found = readLine(matrix, axis: axis, index: index, options: options, decoder: decoder)
                    if let h = found.first(where: {
                        Key($0) == key && c.span.overlaps($0.forwardStart...$0.forwardEnd)
                    }) {
                        c.hits.append(h)
                        break
                    }
                }
            }
        }
    }

    /// Where two clusters with different values claim the same place, keeps the one read on clearly more
    /// lines (at least twice as many); a misread on a line or two loses to the true value.
    static func resolveConflicts(_ clusters: [Cluster]) -> [Cluster] {
        clusters.filter { c in
            !clusters.contains { other in
                other.key != c.key && other.lines.count >= 2 * c.lines.count
                    && other.span.overlaps(c.span) && linesOverlap(other, c)
            }
        }
    }

    static func linesOverlap(_ a: Cluster, _ b: Cluster) -> Bool {
        let la = a.lines, lb = b.lines
        guard let a0 = la.min(), let a1 = la.max(), let b0 = lb.min(), let b1 = lb.max() else { return false }
        return a0 <= b1 && b0 <= a1
    }
}

extension LinearScanner.Cluster {
    /// The barcode for this cluster, with corner points mapped to image pixels.
    func barcode(axis: LinearScanner.Axis, width: Int, height: Int) -> Barcode {
        let reversed = hits[0].reversed
        // Position across the symbol, growing towards the symbol's bottom edge (see Barcode.cornerPoints).
        let downSign: Double
        let orientation: Double
        switch (axis, reversed) {
        case (.rows, false): downSign = 1; orientation = 0
        case (.rows, true): downSign = -1; orientation = 180
        case (.columns, false): downSign = -1; orientation = 90
        case (.columns, true): downSign = 1; orientation = 270
        }
        let byDown = hits.sorted { downSign * Double($0.line) < downSign * Double($1.line) }
        let top = byDown[0], bottom = byDown[byDown.count - 1]
        func point(_ along: Int, _ hit: LinearScanner.Hit) -> Point {
            let a = Double(along), c = Double(hit.line) + 0.5
            switch (axis, reversed) {
            case (.rows, false): return Point(a, c)
            case (.rows, true): return Point(Double(width) - a, c)
            case (.columns, false): return Point(c, a)
            case (.columns, true): return Point(c, Double(height) - a)
            }
        }
        let m = top.match
        let corners = [
            point(top.match.start, top), point(top.match.end, top),
            point(bottom.match.end, bottom), point(bottom.match.start, bottom),
        ]
        return Barcode(
            format: m.format, rawValue: m.text, rawBytes: m.rawBytes, displayValue: m.displayValue ?? m.text,
            cornerPoints: corners, symbologyIdentifier: m.symbologyIdentifier, orientation: orientation,
            metadata: m.metadata)
    }
}
