import Foundation
import ScanCore

/// One crossing of a start or stop pattern by a scan line.
struct PDF417PatternHit {
    enum Kind { case start, stop }
    var kind: Kind
    /// The pattern's outer edge on the scan line (start: leading edge of its 8-module bar; stop: trailing
    /// edge of its last bar).
    var outer: Point
    /// The pattern's inner end on the scan line (towards the symbol's codewords).
    var inner: Point
    /// Scan axis (0 rows, 1 columns), whether the pattern was read against the scan direction, line index.
    var axis: Int
    var reversed: Bool
    var line: Int
    var length: Double { outer.distance(to: inner) }
}

/// The runs of one scan line and their positions, in buffers kept from line to line.
struct RunBuffer {
    /// Run widths (pixels) in `runs[0..<count]`, light first (0 when the line starts dark), alternating.
    var runs: [Double] = []
    /// Position of each run's start in `starts[0...count]` (the last is the end of the stretch).
    var starts: [Double] = []
    var count = 0

    /// The runs of `length` 0/1 bytes at `first`, `first + stride`, …; positions from `origin`.
    @inline(__always)
    mutating func fill(_ first: UnsafePointer<UInt8>, length: Int, stride: Int, origin: Int) {
        if runs.count < length + 2 {
            runs = [Double](repeating: 0, count: length + 2)
            starts = [Double](repeating: 0, count: length + 3)
        }
        var n = 0
        runs.withUnsafeMutableBufferPointer { r in
            starts.withUnsafeMutableBufferPointer { st in
                st[0] = Double(origin)
                var runStart = 0
                if stride == 1 {
                    // Along a row: ScanCore's word-at-a-time search for colour changes.
                    BitMatrix.forEachColourChange(first, count: length) { at in
                        r[n] = Double(at - runStart)
                        n += 1
                        st[n] = Double(origin + at)
                        runStart = at
                    }
                } else {
                    var current: UInt8 = 0
                    var p = first
                    for i in 0..<length {
                        let v = p.pointee
                        p += stride
                        if v != current {
                            r[n] = Double(i - runStart)
                            n += 1
                            st[n] = Double(origin + i)
                            runStart = i
                            current = v
                        }
                    }
                }
                r[n] = Double(length - runStart)
                n += 1
                st[n] = Double(origin + length)
            }
        }
        count = n
    }

    /// ``PDF417Detector/scan(_:_:line:axis:point:into:)`` over the buffered runs.
    @inline(__always)
    func scan(line: Int, axis: Int, point: (Double) -> Point, into out: inout [PDF417PatternHit]) {
        let n = count
        runs.withUnsafeBufferPointer { r in
            starts.withUnsafeBufferPointer { st in
                PDF417Detector.scan(
                    UnsafeBufferPointer(rebasing: r[0..<n]), UnsafeBufferPointer(rebasing: st[0...n]), line: line,
                    axis: axis, point: point, into: &out)
            }
        }
    }
}

/// A straight edge of a symbol: a start or stop pattern seen by several scan lines.
struct PDF417EdgeLine: Hashable, Sendable {
    var kind: PDF417PatternHit.Kind
    /// End points of the outer edge, `a` then `b` along `direction`.
    var a: Point
    var b: Point
    var direction: Point
    /// Unit vector across the edge, pointing into the symbol.
    var inward: Point
    /// Module size in pixels measured across the pattern near `a` and near `b`.
    var moduleA: Double
    var moduleB: Double
    var hits: Int
    /// Distance along the edge between neighbouring scan lines: the symbol's edge reaches about half of it
    /// beyond `a` and `b`.
    var spacing: Double = 1
    var centre: Point { (a + b) * 0.5 }
}

/// Finds PDF417 start and stop patterns (ISO/IEC 15438:2015 §5.2: start 81111113, stop 711311121) along
/// every row and column of a binarized image, in both directions, and fits a line through the outer edges
/// of each pattern seen by enough scan lines.
///
/// The start and stop patterns are the same in every row, so they form long parallel bars down the
/// whole symbol: any straight line crossing them at less than about 60° from the row direction sees
/// their width ratios unchanged (all widths stretch by the same 1/cos). Scanning rows and columns thus
/// covers every rotation, and a perspective view keeps each edge straight.
enum PDF417Detector {
    /// How far a scan reads past the stretch its mask marks, on each side: this times the stretch's length
    /// plus ``pad`` pixels. Candidate blocks often mark only the codeword columns; the row indicators,
    /// start and stop patterns (34 modules in all on each side) and the quiet zones lie beyond.
    static let reach = 1.0
    static let pad = 64

    /// The scan lines of one pass: row indices and column indices.
    struct Lines {
        var rows: [Int]
        var columns: [Int]

        /// Every `step`-th row and column of a `width × height` image.
        static func every(_ step: Int, width: Int, height: Int) -> Lines {
            Lines(
                rows: Array(stride(from: 0, to: height, by: step)),
                columns: Array(stride(from: 0, to: width, by: step)))
        }

        /// Every line within `radius` of a line with a hit (a fine pass around a probe's hits).
        static func near(_ hits: [PDF417PatternHit], radius: Int, width: Int, height: Int) -> Lines {
            func lines(_ axis: Int, _ count: Int) -> [Int] {
                var on = [Bool](repeating: false, count: count)
                for h in hits where h.axis == axis {
                    for l in max(0, h.line - radius)...min(count - 1, h.line + radius) { on[l] = true }
                }
                return on.indices.filter { on[$0] }
            }
            return Lines(rows: lines(0, height), columns: lines(1, width))
        }
    }

    /// The stretches of each row and column a scan reads (``CandidateMask/rowSpans(_:grownBy:plus:)`` grown
    /// by ``reach`` and ``pad``), worked out once per block row and block column: every line of a block
    /// (16 pixels) has the same stretches, and a decode scans many lines of each block in several passes.
    struct Spans {
        private var rowsByBlock: [[Range<Int>]]
        private var columnsByBlock: [[Range<Int>]]

        init(_ mask: CandidateMask) {
            let b = CandidateMap.blockSize
            rowsByBlock = stride(from: 0, to: mask.height, by: b).map { mask.rowSpans($0, grownBy: reach, plus: pad) }
            columnsByBlock = stride(from: 0, to: mask.width, by: b).map {
                mask.columnSpans($0, grownBy: reach, plus: pad)
            }
        }

        /// The stretches of row `y` (pixel ranges of x).
        func row(_ y: Int) -> [Range<Int>] { rowsByBlock[y / CandidateMap.blockSize] }
        /// The stretches of column `x` (pixel ranges of y).
        func column(_ x: Int) -> [Range<Int>] { columnsByBlock[x / CandidateMap.blockSize] }
    }

    /// Hits along `lines` of `m`, over the stretches `mask` searches. The runs of each stretch go into
    /// one pair of buffers reused from line to line (no allocation per line).
    static func hits(_ m: BitMatrix, lines: Lines, spans: Spans) -> [PDF417PatternHit] {
        var out: [PDF417PatternHit] = []
        var buffer = RunBuffer()
        let w = m.width
        m.bits.withUnsafeBufferPointer { bits in
            guard let base = bits.baseAddress else { return }
            for y in lines.rows {
                for span in spans.row(y) {
                    buffer.fill(base + y * w + span.lowerBound, length: span.count, stride: 1, origin: span.lowerBound)
                    buffer.scan(line: y, axis: 0, point: { Point($0, Double(y) + 0.5) }, into: &out)
                }
            }
            for x in lines.columns {
                for span in spans.column(x) {
                    buffer.fill(base + span.lowerBound * w + x, length: span.count, stride: w, origin: span.lowerBound)
                    buffer.scan(line: x, axis: 1, point: { Point(Double(x) + 0.5, $0) }, into: &out)
                }
            }
        }
        return out
    }

    /// Hits from the luminance profiles along `lines` (``LineProfileThreshold``: sub-pixel edges, no
    /// global threshold), for small modules and blur where a binarized image loses 1-module elements.
    /// Each stretch's profile, edges and runs go into buffers reused from line to line.
    static func hits(_ image: LuminanceImage, lines: Lines, spans: Spans) -> [PDF417PatternHit] {
        var out: [PDF417PatternHit] = []
        var profile: [UInt8] = []
        var starts: [Double] = []
        var runs: [Double] = []
        /// Runs of `profile` (read from pixel `origin` of its line) into `runs` and `starts`.
        func profileRuns(origin: Int) {
            let (edges, startsDark) = LineProfileThreshold.edges(profile)
            let o = Double(origin)
            starts.removeAll(keepingCapacity: true)
            starts.append(o)
            if startsDark { starts.append(o) }
            for e in edges { starts.append(e + o) }
            starts.append(Double(profile.count) + o)
            runs.removeAll(keepingCapacity: true)
            for k in 1..<starts.count { runs.append(starts[k] - starts[k - 1]) }
        }
        image.storage.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in lines.rows {
                let row = base + image.offset + y * image.stride
                for span in spans.row(y) {
                    profile.removeAll(keepingCapacity: true)
                    profile.append(contentsOf: UnsafeBufferPointer(start: row + span.lowerBound, count: span.count))
                    profileRuns(origin: span.lowerBound)
                    scan(runs, starts, line: y, axis: 0, point: { Point($0, Double(y) + 0.5) }, into: &out)
                }
            }
            for x in lines.columns {
                for span in spans.column(x) {
                    profile.removeAll(keepingCapacity: true)
                    var p = base + image.offset + span.lowerBound * image.stride + x
                    for _ in span {
                        profile.append(p.pointee)
                        p += image.stride
                    }
                    profileRuns(origin: span.lowerBound)
                    scan(runs, starts, line: x, axis: 1, point: { Point(Double(x) + 0.5, $0) }, into: &out)
                }
            }
        }
        return out
    }

    /// The total width of `pattern.count` runs of `runs` from index `first` on by `step` (±1) when they
    /// match `pattern` (modules) within a tolerance, else nil.
    @inline(__always)
    static func matchedTotal(
        _ runs: UnsafeBufferPointer<Double>, from first: Int, step: Int, _ pattern: [Int], _ moduleCount: Int
    ) -> Double? {
        var total = 0.0
        for i in 0..<pattern.count { total += runs[first + i * step] }
        let modules = Double(moduleCount)
        guard total >= modules * 0.9 else { return nil }
        let m = total / modules
        var sum = 0.0
        for i in 0..<pattern.count {
            let p = Double(pattern[i])
            let d = abs(runs[first + i * step] - p * m)
            if d > max(0.9 * m, 0.35 * p * m) { return nil }
            sum += d
        }
        return sum <= 3.5 * m ? total : nil
    }

    /// Start and stop patterns among the runs of one line (`runs` alternate light, dark, … starting light;
    /// `starts` are their positions, one more than the runs).
    static func scan(
        _ runs: [Double], _ starts: [Double], line: Int, axis: Int, point: (Double) -> Point,
        into out: inout [PDF417PatternHit]
    ) {
        runs.withUnsafeBufferPointer { r in
            starts.withUnsafeBufferPointer { st in
                scan(r, st, line: line, axis: axis, point: point, into: &out)
            }
        }
    }

    static func scan(
        _ runs: UnsafeBufferPointer<Double>, _ starts: UnsafeBufferPointer<Double>, line: Int, axis: Int,
        point: (Double) -> Point, into out: inout [PDF417PatternHit]
    ) {
        let n = runs.count
        guard n >= 10 else { return }
        let start = PDF417Codewords.start, stop = PDF417Codewords.stop
        // Dark runs sit at odd indices.
        var j = 1
        while j < n {
            defer { j += 2 }
            let big = runs[j]
            // Each test first checks the big bar (at least 3.5 pixels) against the 1-module element beside
            // it (a ratio of at least 2.7 for the start's 8-module bar, 2.3 for the stop's 7-module bar,
            // implied by the match), which rejects most runs at once.
            guard big >= 3.5 else { continue }
            // Start, forward: runs j…j+7, quiet before.
            if j + 7 < n && big >= 2.7 * runs[j + 1], let total = matchedTotal(runs, from: j, step: 1, start, 17),
                quiet(runs[j - 1], total, 17, edge: j - 1 == 0)
            {
                out.append(
                    PDF417PatternHit(
                        kind: .start, outer: point(starts[j]), inner: point(starts[j + 8]),
                        axis: axis, reversed: false, line: line))
            }
            // Start, reversed: runs j, j−1, …, j−7 (the 8-module bar last in scan order), quiet after.
            if j >= 7 && j + 1 < n && big >= 2.7 * runs[j - 1],
                let total = matchedTotal(runs, from: j, step: -1, start, 17),
                quiet(runs[j + 1], total, 17, edge: j + 1 == n - 1)
            {
                out.append(
                    PDF417PatternHit(
                        kind: .start, outer: point(starts[j + 1]), inner: point(starts[j - 7]),
                        axis: axis, reversed: true, line: line))
            }
            // Stop, forward (symbol order = scan order): runs j … j+8 with the 7-module bar at j, quiet after.
            if j + 9 < n && big >= 2.3 * runs[j + 1], let total = matchedTotal(runs, from: j, step: 1, stop, 18),
                quiet(runs[j + 9], total, 18, edge: j + 9 == n - 1)
            {
                out.append(
                    PDF417PatternHit(
                        kind: .stop, outer: point(starts[j + 9]), inner: point(starts[j]),
                        axis: axis, reversed: false, line: line))
            }
            // Stop, reversed: runs j, j−1, …, j−8 in symbol order, the 7-module bar at j; quiet before j−8.
            if j >= 9 && big >= 2.3 * runs[j - 1], let total = matchedTotal(runs, from: j, step: -1, stop, 18),
                quiet(runs[j - 9], total, 18, edge: j - 9 == 0)
            {
                out.append(
                    PDF417PatternHit(
                        kind: .stop, outer: point(starts[j - 8]), inner: point(starts[j + 1]),
                        axis: axis, reversed: true, line: line))
            }
            // Stop whose thin last bar blur has washed into the quiet zone: 7,1,1,3,1,1,1 then light.
            if j + 7 < n && big >= 2.3 * runs[j + 1], let total = matchedTotal(runs, from: j, step: 1, partialStop, 15),
                runs[j + 7] >= 3 * total / 15
            {
                let end = starts[j] + 18 * total / 15
                out.append(
                    PDF417PatternHit(
                        kind: .stop, outer: point(end), inner: point(starts[j]), axis: axis, reversed: false,
                        line: line))
            }
            if j >= 7 && big >= 2.3 * runs[j - 1], let total = matchedTotal(runs, from: j, step: -1, partialStop, 15),
                runs[j - 7] >= 3 * total / 15
            {
                let end = starts[j + 1] - 18 * total / 15
                out.append(
                    PDF417PatternHit(
                        kind: .stop, outer: point(end), inner: point(starts[j + 1]), axis: axis, reversed: true,
                        line: line))
            }
        }
    }

    /// The first seven elements of the stop pattern (15 modules).
    static let partialStop = [7, 1, 1, 3, 1, 1, 1]

    /// True when the run beside a pattern of `total` pixels over `modules` modules is at least a module
    /// wide (a quiet zone), or the pattern touches the end of the line.
    @inline(__always)
    static func quiet(_ run: Double, _ total: Double, _ modules: Int, edge: Bool) -> Bool {
        edge || run >= total / Double(modules)
    }

    /// Groups hits into edges: hits of the same kind, axis and direction on nearby scan lines whose outer
    /// points are close, with at least `minimumHits` members.
    static func edges(_ hits: [PDF417PatternHit], step: Int, minimumHits: Int = 5) -> [PDF417EdgeLine] {
        var parent = Array(0..<hits.count)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        // Bucket by (kind, axis, reversed), sorted by line.
        var buckets: [Int: [Int]] = [:]
        for (i, h) in hits.enumerated() {
            let key = (h.kind == .start ? 0 : 4) + h.axis * 2 + (h.reversed ? 1 : 0)
            buckets[key, default: []].append(i)
        }
        for (_, idx) in buckets {
            let sorted = idx.sorted { hits[$0].line < hits[$1].line }
            for (p, i) in sorted.enumerated() {
                let a = hits[i]
                var q = p + 1
                while q < sorted.count && hits[sorted[q]].line - a.line <= 10 * step {
                    let b = hits[sorted[q]]
                    q += 1
                    guard b.line != a.line else { continue }
                    let dl = Double(b.line - a.line)
                    let la = a.length, lb = b.length
                    guard lb < 1.5 * la && la < 1.5 * lb else { continue }
                    if a.outer.distance(to: b.outer) <= 2.2 * dl + 0.25 * la {
                        let ra = find(i), rb = find(sorted[q - 1])
                        if ra != rb { parent[ra] = rb }
                    }
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in hits.indices { groups[find(i), default: []].append(i) }
        var out: [PDF417EdgeLine] = []
        for (_, g) in groups where g.count >= minimumHits {
            if let e = fit(g.map { hits[$0] }, step: step) { out.append(e) }
        }
        return out.sorted { $0.hits > $1.hits }
    }

    /// A line through the outer points (principal axis), its extent, the inward direction and module sizes.
    static func fit(_ hits: [PDF417PatternHit], step: Int = 1) -> PDF417EdgeLine? {
        let n = Double(hits.count)
        guard let line = Line.fitted(hits.map(\.outer)) else { return nil }
        let d = line.direction
        // Inward: perpendicular to d, on the side of the inner points.
        var inward = Point(-d.y, d.x)
        var side = 0.0
        for h in hits { side += (h.inner.x - h.outer.x) * inward.x + (h.inner.y - h.outer.y) * inward.y }
        if side < 0 { inward = inward * -1 }
        var tmin = Double.infinity, tmax = -Double.infinity
        var modules: [(Double, Double)] = []
        let count = hits[0].kind == .start ? 17.0 : 18.0
        for h in hits {
            let t = line.coordinate(of: h.outer)
            tmin = min(tmin, t); tmax = max(tmax, t)
            let across = abs((h.inner.x - h.outer.x) * inward.x + (h.inner.y - h.outer.y) * inward.y)
            modules.append((t, across / count))
        }
        guard tmax - tmin >= 3 else { return nil }
        // A thin straight edge: the spread across it must be small next to its length.
        var spread = 0.0
        for h in hits { spread = max(spread, line.distance(to: h.outer)) }
        let meanModule = modules.map(\.1).reduce(0, +) / n
        guard spread <= 3 * meanModule + 2 else { return nil }
        let third = (tmax - tmin) / 3
        let nearA = modules.filter { $0.0 <= tmin + third }.map(\.1)
        let nearB = modules.filter { $0.0 >= tmax - third }.map(\.1)
        func median(_ v: [Double]) -> Double { v.isEmpty ? meanModule : v.sorted()[v.count / 2] }
        let c = line.point
        return PDF417EdgeLine(
            kind: hits[0].kind, a: c + d * tmin, b: c + d * tmax, direction: d, inward: inward,
            moduleA: median(nearA), moduleB: median(nearB), hits: hits.count,
            spacing: Double(step) / max(0.3, abs(hits[0].axis == 0 ? d.y : d.x)))
    }

    /// Stop edges with no start edge facing them (roughly parallel, on their inner side, within 650
    /// modules): candidates for a symbol whose start pattern lies outside the image.
    static func unpairedStops(_ edges: [PDF417EdgeLine]) -> [PDF417EdgeLine] {
        let starts = edges.filter { $0.kind == .start }
        return edges.filter { t in
            guard t.kind == .stop else { return false }
            let m = (t.moduleA + t.moduleB) / 2
            return !starts.contains { s in
                let gap = s.centre - t.centre
                let across = gap.x * t.inward.x + gap.y * t.inward.y
                return s.inward.x * t.inward.x + s.inward.y * t.inward.y < -0.8 && across > 0 && across < 650 * m
            }
        }
    }

    /// Start edges paired with the stop edge across from them (nil when none fits: compact symbols or a
    /// damaged stop pattern), nearest first.
    static func candidates(_ edges: [PDF417EdgeLine]) -> [(start: PDF417EdgeLine, stop: PDF417EdgeLine?)] {
        var out: [(PDF417EdgeLine, PDF417EdgeLine?)] = []
        let starts = edges.filter { $0.kind == .start }
        let stops = edges.filter { $0.kind == .stop }
        for s in starts {
            var paired: [(Double, PDF417EdgeLine)] = []
            let m = (s.moduleA + s.moduleB) / 2
            for t in stops {
                // Facing each other, roughly parallel.
                guard s.inward.x * t.inward.x + s.inward.y * t.inward.y < -0.8 else { continue }
                let gap = (t.centre - s.centre)
                let across = gap.x * s.inward.x + gap.y * s.inward.y
                guard across > 40 * m && across < 650 * m else { continue }
                // Their extents overlap along the edge, or nearly: both may be partial, and under perspective
                // the rows are not quite perpendicular to the start edge.
                func along(_ p: Point) -> Double { (p - s.a).x * s.direction.x + (p - s.a).y * s.direction.y }
                let ta = along(t.a), tb = along(t.b)
                let length = s.a.distance(to: s.b)
                let gapAlong = max(0, min(ta, tb) - length, -max(ta, tb))
                guard gapAlong <= 0.25 * across else { continue }
                let tm = (t.moduleA + t.moduleB) / 2
                guard tm < 2.5 * m && m < 2.5 * tm else { continue }
                paired.append((across, t))
            }
            for (_, t) in paired.sorted(by: { $0.0 < $1.0 }).prefix(3) { out.append((s, t)) }
            out.append((s, nil))
        }
        return out
    }
}
