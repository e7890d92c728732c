import Foundation
import ScanCore

/// A PDF417 symbol read from the image: its codewords after error correction and where it is.
struct PDF417Symbol {
    var rows: Int
    var columns: Int
    var level: Int
    var compact: Bool
    /// All codewords, row by row (length descriptor first, check codewords last), corrected.
    var codewords: [Int]
    var corrections: Int
    var erasures: Int
    /// Corners clockwise from the symbol's own top-left (outer edges of start and stop patterns).
    var corners: [Point]
}

/// Reads one symbol between a start edge and a stop edge (or a start edge alone).
///
/// Pass 1 reads the row indicators along lines joining the two edges: each says its row, so the rows'
/// positions along each edge are measured (a projective 1-D fit, for perspective, placed at the edges
/// where the lines cross rows: ``RowFit/alongRows(left:right:fitted:)``), and their values give rows,
/// columns and level. Pass 2 maps the module grid (x: 0…17·columns + 69 modules, or + 35 compact;
/// y: 0…rows) onto the image with a perspective transform through the corners found, reads several lines
/// per row, locates each codeword at its expected module position and checks its cluster against the row;
/// votes from all lines pick each codeword, unread ones are erasures for the Reed–Solomon decoder.
struct PDF417SymbolReader {
    let image: LuminanceImage

    /// The most samples a module the grid's lines take (see ``readGrid(corners:rows:columns:level:width:compact:alignOnStop:)``).
    static let samplesPerModule = 6.0
    /// Module boundaries of the start pattern's 9 edges (8, 1, 1, 1, 1, 1, 1, 3 modules) and of the stop
    /// pattern's 10 (7, 1, 1, 3, 1, 1, 1, 2, 1).
    static let startBoundaries: [Double] = [0, 8, 9, 10, 11, 12, 13, 14, 17]
    static let stopBoundaries: [Double] = [0, 7, 8, 9, 12, 13, 14, 15, 17, 18]

    /// The module grid along a profile from a pattern's edges `p.edges[k...]` against its module
    /// `boundaries` (a least-squares line): where module 0 lies and the module size, in profile units. Nil
    /// when the edges run out or the fit is degenerate.
    static func fit(_ p: PDF417LineProfile, _ k: Int, _ boundaries: [Double]) -> (origin: Double, module: Double)? {
        let n = Double(boundaries.count)
        guard k >= 0, k + boundaries.count <= p.edges.count else { return nil }
        var sb = 0.0, se = 0.0, sbb = 0.0, sbe = 0.0
        for (i, b) in boundaries.enumerated() {
            let e = p.edges[k + i]
            sb += b; se += e; sbb += b * b; sbe += b * e
        }
        let u = (n * sbe - sb * se) / (n * sbb - sb * sb)
        guard u.isFinite, u > 0 else { return nil }
        return ((se - u * sb) / n, u)
    }

    /// The row indicator whose edges are `p.edges[k...k+8]`, rounded on the grid of the pattern beside it
    /// (its first edge `at` modules from the grid's origin), when the rounding gives a codeword within
    /// 3 modules of summed edge error.
    static func indicator(_ p: PDF417LineProfile, _ k: Int, grid: (origin: Double, module: Double)?, at: Double)
        -> (value: Int, cluster: Int, error: Double)?
    {
        guard let g = grid, k >= 0, k + 8 < p.edges.count else { return nil }
        let edges = (0...8).map { (p.edges[k + $0] - g.origin) / g.module - at }
        guard let hit = PDF417Codewords.gridRounded(edges), hit.error <= 3.0 else { return nil }
        return hit
    }

    func read(start s: PDF417EdgeLine, stop t: PDF417EdgeLine?, compact: Bool) -> PDF417Symbol? {
        let m = max(0.5, (s.moduleA + s.moduleB) / 2)
        var right = t
        if var r = right, r.direction.x * s.direction.x + r.direction.y * s.direction.y < 0 {
            swap(&r.a, &r.b)
            swap(&r.moduleA, &r.moduleB)
            right = r
        }
        // Pass 1: row indicators.
        var indicators = PDF417RowIndicators()
        // (y, row, along): the row an indicator names, read on the line at fraction y of both edges, and how
        // far along that line from its edge the indicator's middle lies (a fraction of the line's length).
        var leftObs: [(Double, Int, Double)] = []
        var rightObs: [(Double, Int, Double)] = []
        let height = max(s.a.distance(to: s.b), right.map { $0.a.distance(to: $0.b) } ?? 0)
        // The fitted edges may cover only part of the symbol (a few scan lines saw the pattern, or the two
        // edges saw different rows): the lines reach half an edge length beyond both ends.
        let lineCount = min(900, max(40, Int(2 * height / 1.0)))
        // Returns false when `probe` is set and a dozen lines spread over the sweep read no row indicator:
        // most start and stop edges paired on a frame without a symbol end there.
        func sweep(_ y0: Double, _ y1: Double, _ lines: Int, probe: Bool = false) -> Bool {
            let every = max(1, lines / 12)
            let order = Array(stride(from: 0, through: lines, by: every)) + (0...lines).filter { $0 % every != 0 }
            for (n, li) in order.enumerated() {
                if probe && n == 13 && leftObs.isEmpty && rightObs.isEmpty { return false }
                let y = y0 + (y1 - y0) * Double(li) / Double(lines)
                let l = s.a + (s.b - s.a) * y
                let mod = s.moduleA + (s.moduleB - s.moduleA) * min(1, max(0, y))
                let from = l - s.inward * (4 * mod)
                let to: Point
                if let r = right {
                    to = r.a + (r.b - r.a) * y - r.inward * (4 * mod)
                } else {
                    to = l + s.inward * (40 * mod)
                }
                // Three lines averaged along the bars, no further apart than a module's third: rows may be as
                // low as one module.
                let along = (s.b - s.a) * (min(1, 0.35 * mod) / max(1, s.a.distance(to: s.b)))
                let profile = PDF417LineReader.profile(
                    image, from: from, to: to, across: along, oversample: m < 3 ? 3 : 1)
                let length = from.distance(to: to)
                var leftDone = false, rightDone = right == nil
                for fraction in [0.07, 0.035, 0.14] where !(leftDone && rightDone) {
                    let p = PDF417LineReader.edges(
                        profile, origin: 0, scale: length / Double(profile.count), fraction: fraction)
                    // Start pattern and left indicator.
                    if !leftDone, let k = p.nearestEdge(to: 4 * mod, rising: true, tolerance: 3 * mod),
                        let w = p.widths(from: k, count: 8), PDF417LineReader.looksLike(w, PDF417Codewords.start),
                        let ri = p.widths(from: k + 8, count: 8),
                        let cw = Self.indicator(p, k + 8, grid: Self.fit(p, k, Self.startBoundaries), at: 17)
                            ?? PDF417Codewords.decode(ri, maxError: 1.6)
                    {
                        leftDone = true
                        indicators.add(value: cw.value, cluster: cw.cluster, right: false)
                        let middle = (p.edges[k + 8] + p.edges[k + 16]) / 2 / length
                        leftObs.append((y, PDF417RowIndicators.row(value: cw.value, cluster: cw.cluster), middle))
                    }
                    // Stop pattern and right indicator.
                    let modR = right.map { $0.moduleA + ($0.moduleB - $0.moduleA) * min(1, max(0, y)) } ?? mod
                    if !rightDone, let k = p.nearestEdge(to: length - 4 * mod, rising: false, tolerance: 3 * modR),
                        k >= 17,
                        let w = p.widths(from: k - 9, count: 9), PDF417LineReader.looksLike(w, PDF417Codewords.stop),
                        let ri = p.widths(from: k - 17, count: 8),
                        let cw = Self.indicator(p, k - 17, grid: Self.fit(p, k - 9, Self.stopBoundaries), at: -17)
                            ?? PDF417Codewords.decode(ri, maxError: 1.6)
                    {
                        rightDone = true
                        indicators.add(value: cw.value, cluster: cw.cluster, right: true)
                        let middle = (length - (p.edges[k - 17] + p.edges[k - 9]) / 2) / length
                        rightObs.append((y, PDF417RowIndicators.row(value: cw.value, cluster: cw.cluster), middle))
                    }
                }
            }
            return true
        }
        guard sweep(-0.12, 1.12, lineCount / 2, probe: true) else { return nil }
        if indicators.dimensions() == nil {
            // Lines beyond the edges' ends: only when the first sweep missed part of the symbol, since they may
            // cross a neighbouring symbol.
            _ = sweep(-0.5, -0.12, lineCount / 4)
            _ = sweep(1.12, 1.5, lineCount / 4)
        }
        guard let dims = indicators.dimensions() else { return nil }
        let rows = dims.rows, cols = dims.columns
        let width = Double(compact ? 17 * cols + 35 : 17 * cols + 69)
        leftObs = leftObs.filter { $0.1 < rows }
        rightObs = rightObs.filter { $0.1 < rows }
        guard var leftFit = RowFit(leftObs.map { ($0.0, $0.1) }) else { return nil }
        let rightOwn = RowFit(rightObs.map { ($0.0, $0.1) })
        var rightFit = rightOwn ?? leftFit
        if right != nil, let r = rightOwn,
            let fits = RowFit.alongRows(left: leftObs, right: rightObs, fitted: (leftFit, r))
        {
            (leftFit, rightFit) = fits
        }
        let yTopL = leftFit.y(atRow: 0), yBotL = leftFit.y(atRow: Double(rows))
        let yTopR = rightFit.y(atRow: 0), yBotR = rightFit.y(atRow: Double(rows))
        guard [yTopL, yBotL, yTopR, yBotR].allSatisfy({ $0.isFinite && abs($0) < 4 }) else { return nil }
        // The row fits place the symbol's first and last rows to within a row or so (fewer indicators are
        // read on rows only a few pixels high); where an edge's own ends lie that close, they are the
        // symbol's top and bottom to within half a scan line, and are tried first.
        func snapped(_ top: Double, _ bottom: Double, _ e: PDF417EdgeLine) -> (Double, Double) {
            let length = max(1, e.a.distance(to: e.b))
            let e0 = -0.5 * e.spacing / length, e1 = 1 + 0.5 * e.spacing / length
            let row = abs(bottom - top) / Double(rows)
            return (abs(top - e0) < 1.5 * row ? e0 : top, abs(bottom - e1) < 1.5 * row ? e1 : bottom)
        }
        let (sTopL, sBotL) = snapped(yTopL, yBotL, s)
        let (sTopR, sBotR) = right.map { snapped(yTopR, yBotR, $0) } ?? (yTopR, yBotR)
        var attempts = [(yTopL, yBotL, yTopR, yBotR)]
        if (sTopL, sBotL, sTopR, sBotR) != (yTopL, yBotL, yTopR, yBotR) {
            attempts.insert((sTopL, sBotL, sTopR, sBotR), at: 0)
        }
        for (topL, botL, topR, botR) in attempts {
            let tl = s.a + (s.b - s.a) * topL, bl = s.a + (s.b - s.a) * botL
            let tr: Point, br: Point
            if let r = right {
                tr = r.a + (r.b - r.a) * topR
                br = r.a + (r.b - r.a) * botR
                // The distance between the edges must fit the column count.
                let mr = max(0.5, (r.moduleA + r.moduleB) / 2)
                let modulesAcross = (tl.distance(to: tr) + bl.distance(to: br)) / 2 / ((m + mr) / 2)
                guard abs(modulesAcross - width) < 0.3 * width + 10 else { return nil }
            } else {
                let mt = s.moduleA + (s.moduleB - s.moduleA) * topL
                let mb = s.moduleA + (s.moduleB - s.moduleA) * botL
                tr = tl + s.inward * (width * mt)
                br = bl + s.inward * (width * mb)
            }
            if let symbol = readGrid(
                corners: [tl, tr, br, bl], rows: rows, columns: cols, level: dims.level, width: width, compact: compact)
            {
                return symbol
            }
        }
        return nil
    }

    /// Reads a symbol from its stop edge alone, when its start pattern (and left row indicators) lie
    /// outside the image: lines across the stop pattern read the right row indicators, which give rows,
    /// columns and level on their own; the module size along the rows, measured on the stop pattern, places
    /// the cut-off left edge; each line of the grid is then aligned on its own stop pattern.
    func read(stopOnly t: PDF417EdgeLine) -> PDF417Symbol? {
        var indicators = PDF417RowIndicators()
        var observations: [(Double, Int)] = []
        var modules: [Double] = []
        let height = t.a.distance(to: t.b)
        let lines = min(450, max(20, Int(height)))
        // A few lines spread over the edge first: most stop-like edges of a frame without a symbol read no
        // row indicator on any of them, and cost no more.
        let coarse = stride(from: 0, through: lines, by: max(1, lines / 12))
        let order = Array(coarse) + (0...lines).filter { $0 % max(1, lines / 12) != 0 }
        for (n, li) in order.enumerated() {
            if n == 13 && observations.isEmpty { return nil }
            let y = -0.12 + 1.24 * Double(li) / Double(lines)
            let l = t.a + (t.b - t.a) * y
            let mod = t.moduleA + (t.moduleB - t.moduleA) * min(1, max(0, y))
            // From 40 modules inside the symbol to 4 beyond the stop pattern's outer edge.
            let from = l + t.inward * (40 * mod), to = l - t.inward * (4 * mod)
            let along = (t.b - t.a) * (min(1, 0.35 * mod) / max(1, height))
            let profile = PDF417LineReader.profile(
                image, from: from, to: to, across: along, oversample: mod < 3 ? 3 : 1)
            let length = from.distance(to: to)
            for fraction in [0.07, 0.035, 0.14] {
                let p = PDF417LineReader.edges(
                    profile, origin: 0, scale: length / Double(profile.count), fraction: fraction)
                guard let k = p.nearestEdge(to: length - 4 * mod, rising: false, tolerance: 3 * mod), k >= 17,
                    let w = p.widths(from: k - 9, count: 9), PDF417LineReader.looksLike(w, PDF417Codewords.stop),
                    let ri = p.widths(from: k - 17, count: 8)
                else { continue }
                let grid = Self.fit(p, k - 9, Self.stopBoundaries)
                guard
                    let cw = Self.indicator(p, k - 17, grid: grid, at: -17) ?? PDF417Codewords.decode(ri, maxError: 1.6)
                else { continue }
                indicators.add(value: cw.value, cluster: cw.cluster, right: true)
                observations.append((y, PDF417RowIndicators.row(value: cw.value, cluster: cw.cluster)))
                // Module size along the line from the stop pattern and indicator (35 modules).
                modules.append((p.edges[k] - p.edges[k - 17]) / 35)
                break
            }
        }
        guard let dims = indicators.dimensions(), !modules.isEmpty else { return nil }
        let rows = dims.rows, cols = dims.columns
        let width = Double(17 * cols + 69)
        observations = observations.filter { $0.1 < rows }
        guard let fit = RowFit(observations) else { return nil }
        let top = fit.y(atRow: 0), bottom = fit.y(atRow: Double(rows))
        guard top.isFinite, bottom.isFinite, abs(top) < 4, abs(bottom) < 4 else { return nil }
        let module = modules.sorted()[modules.count / 2]
        let tr = t.a + (t.b - t.a) * top, br = t.a + (t.b - t.a) * bottom
        let tl = tr + t.inward * (width * module), bl = br + t.inward * (width * module)
        return readGrid(
            corners: [tl, tr, br, bl], rows: rows, columns: cols, level: dims.level, width: width, compact: false,
            alignOnStop: true)
    }

    /// Pass 2: codewords read through the module grid, voted, corrected.
    func readGrid(
        corners c: [Point], rows: Int, columns cols: Int, level: Int, width: Double, compact: Bool,
        alignOnStop: Bool = false
    ) -> PDF417Symbol? {
        let h = PerspectiveTransform(
            from: (Point(0, 0), Point(width, 0), Point(width, Double(rows)), Point(0, Double(rows))),
            to: (c[0], c[1], c[2], c[3]))
        guard h.isValid else { return nil }
        let slots = compact ? cols + 1 : cols + 2
        var votes = [[Int: Int]](repeating: [:], count: rows * cols)
        let rowHeight = max(c[0].distance(to: c[3]), c[1].distance(to: c[2])) / Double(rows)
        let perRow = min(9, max(3, Int(rowHeight / 1.2)))
        let lengthPx = max(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let x0 = -4.0, x1 = width + 4
        // At least 3 samples a module, and 1.4 a pixel where modules are small (every pixel counts), but
        // no more than `samplesPerModule`: finer sampling of large modules places no edge better.
        let perPixel = Int(lengthPx * 1.4 * (x1 - x0) / width)
        let count = max(Int(width * 3), min(perPixel, Int((x1 - x0) * Self.samplesPerModule)))
        let dx = (x1 - x0) / Double(count)
        // The codewords (slot, value) read along the line at y (row units) through row r, or nil when the
        // line's row indicator names another row or its start and stop patterns disagree with the grid.
        func readLine(_ r: Int, _ y: Double) -> [(Int, Int)]? {
            let cluster = r % 3
            // The mean of five lines across the row band (the bars run across it), against noise.
            let dy = 0.18 / Double(perRow)
            func line(_ o: Double) -> [UInt8] {
                PDF417LineReader.profile(image, count: count) { h.apply(Point(x0 + (Double($0) + 0.5) * dx, y + o)) }
            }
            let inner = PDF417LineReader.mean(line(0), line(-dy), line(dy))
            let profile = PDF417LineReader.mean(inner, line(-2 * dy), line(2 * dy))
            let p = PDF417LineReader.edges(profile, origin: x0, scale: dx)
            var retries: [PDF417LineProfile]?
            // Align on the start pattern (and the stop pattern).
            // Where the start pattern is not recognised (noise), trust the grid.
            var xs = 0.0
            if let ks = p.nearestEdge(to: 0, rising: true, tolerance: 3), let sw = p.widths(from: ks, count: 8),
                PDF417LineReader.looksLike(sw, PDF417Codewords.start, tolerance: 0.6)
            {
                // The start of the module grid from all 9 edges of the start pattern, not its first edge
                // alone: at about a pixel per module each edge is only placed to within half a pixel.
                xs = p.edges[ks]
                if let g = Self.fit(p, ks, Self.startBoundaries), g.module > 0.8 && g.module < 1.25 { xs = g.origin }
            }
            var scale = 1.0
            if alignOnStop {
                // No start pattern in the image (cut off): the line is aligned on its stop pattern alone.
                guard let ke = p.nearestEdge(to: width, rising: false, tolerance: 3), ke >= 9,
                    let ew = p.widths(from: ke - 9, count: 9),
                    PDF417LineReader.looksLike(ew, PDF417Codewords.stop, tolerance: 0.6)
                else { return nil }
                xs = p.edges[ke] - width
                if let g = Self.fit(p, ke - 9, Self.stopBoundaries), g.module > 0.8 && g.module < 1.25 {
                    xs = g.origin - (width - 18)
                }
            } else if compact {
                if let ke = p.nearestEdge(to: width, rising: false, tolerance: 2.5), p.edges[ke] - xs > width / 2 {
                    scale = width / (p.edges[ke] - xs)
                }
            } else if let ke = p.nearestEdge(to: width, rising: false, tolerance: 3), ke >= 9,
                let ew = p.widths(from: ke - 9, count: 9),
                PDF417LineReader.looksLike(ew, PDF417Codewords.stop, tolerance: 0.6)
            {
                scale = width / (p.edges[ke] - xs)
            }
            guard scale > 0.9 && scale < 1.1 else { return nil }
            var read: [(Int, Int)] = []  // (slot, value)
            // A codeword at its expected place on the profile, or nil.
            func codeword(_ p: PDF417LineProfile, _ target: Double) -> (value: Int, cluster: Int, error: Double)? {
                guard let k = p.nearestEdge(to: target, rising: true, tolerance: 2.2 / scale),
                    let w = p.widths(from: k, count: 8)
                else { return nil }
                let total = w.reduce(0, +) * scale
                guard total > 14 && total < 20 else { return nil }
                // Edges rounded against the row's grid first, then widths against the codeword's own edges.
                let onGrid = (0...8).map { (p.edges[k + $0] - target) * scale }
                if let hit = PDF417Codewords.gridRounded(onGrid, cluster: cluster), hit.error <= 3.0 { return hit }
                return PDF417Codewords.decode(w, cluster: cluster, maxError: 2.0)
            }
            for slot in 0..<slots {
                let target = xs + 17 * Double(slot + 1) / scale
                var found = codeword(p, target)
                if found == nil {
                    // Blur flattens runs of 1-module elements (retry with a lower hysteresis); noise makes
                    // spurious extrema (retry with a higher one).
                    if retries == nil {
                        retries = [0.035, 0.14].map {
                            PDF417LineReader.edges(profile, origin: x0, scale: dx, fraction: $0)
                        }
                    }
                    for q in retries ?? [] where found == nil { found = codeword(q, target) }
                }
                guard let cw = found else { continue }
                let isIndicator = slot == 0 || (!compact && slot == slots - 1)
                if isIndicator && PDF417RowIndicators.row(value: cw.value, cluster: cluster) != r { return nil }
                read.append((slot, cw.value))
            }
            return read
        }
        // A row's lines from its middle outwards (the middle is furthest from the neighbouring rows). Once
        // every codeword of the row was read the same by at least three times as many lines as are left to
        // read, the lines left could neither change the vote's winner nor bring its share under ¾ (which
        // would make it a weak codeword, erased in the second correction attempt below): they are not read.
        let lineOrder = (0..<perRow).sorted { abs(2 * $0 + 1 - perRow) < abs(2 * $1 + 1 - perRow) }
        func settled(_ r: Int, linesLeft: Int) -> Bool {
            (0..<cols).allSatisfy { s in
                let v = votes[r * cols + s]
                return v.count == 1 && v.first!.value >= 3 * linesLeft
            }
        }
        // A codeword no line reads is an erasure, and error correction fixes at most k − margin of them
        // (see the attempts below): once the rows read so far leave more, no later row can make up for it,
        // and the grid is given up (a grid laid on a wrong outline reads next to nothing).
        let k = PDF417ErrorCorrection.checkCount(level: level)
        let margin = k <= 4 ? 1 : 2
        var unread = 0
        for r in 0..<rows {
            for (n, f) in lineOrder.enumerated() {
                if n > 0 && settled(r, linesLeft: perRow - n) { break }
                guard let read = readLine(r, Double(r) + (Double(f) + 0.5) / Double(perRow)) else { continue }
                for (slot, value) in read where slot >= 1 && slot <= cols {
                    votes[r * cols + slot - 1][value, default: 0] += 1
                }
            }
            // Rows placed up to a row off (rows one or two pixels high, uneven row heights): lines just
            // outside the row's band fill the codewords it left unread. A codeword of a neighbouring row has
            // another cluster and is not taken for this row's.
            if (0..<cols).contains(where: { votes[r * cols + $0].isEmpty }) {
                var extra: [(Int, Int)] = []
                for o in [-0.2, 1.2, -0.45, 1.45] {
                    guard let read = readLine(r, Double(r) + o) else { continue }
                    extra += read.filter { $0.0 >= 1 && $0.0 <= cols && votes[r * cols + $0.0 - 1].isEmpty }
                }
                for (slot, value) in extra { votes[r * cols + slot - 1][value, default: 0] += 1 }
            }
            unread += (0..<cols).filter { votes[r * cols + $0].isEmpty }.count
            if unread > 0 && unread + margin > k { return nil }
        }
        // Pick codewords; unread ones are erasures.
        var codewords = [Int](repeating: 0, count: rows * cols)
        var erasures: [Int] = []
        var weak: [(Int, Double)] = []
        for (i, v) in votes.enumerated() {
            guard let best = v.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else {
                erasures.append(i)
                continue
            }
            codewords[i] = best.key
            let total = v.values.reduce(0, +)
            let confidence = Double(best.value) / Double(total) * min(1, Double(best.value) / 2)
            if confidence < 0.75 { weak.append((i, confidence)) }
        }
        var attempts: [[Int]] = [erasures]
        if !weak.isEmpty {
            let sortedWeak = weak.sorted { $0.1 < $1.1 }.map(\.0)
            attempts.append(erasures + sortedWeak.prefix(max(0, k - erasures.count - 2)))
        }
        for erased in attempts {
            guard erased.count + margin <= k || erased.isEmpty else { continue }
            var fixed = codewords
            guard let changed = PDF417ErrorCorrection.correct(&fixed, ecCount: k, erasures: erased) else { continue }
            let erasedSet = Set(erased)
            var errors = 0
            for i in fixed.indices where fixed[i] != codewords[i] && !erasedSet.contains(i) { errors += 1 }
            guard 2 * errors + erased.count + margin <= k || (errors == 0 && erased.isEmpty) else { continue }
            return PDF417Symbol(
                rows: rows, columns: cols, level: level, compact: compact, codewords: fixed, corrections: changed,
                erasures: erased.count, corners: c)
        }
        return nil
    }
}
