/// One scan line handed to a linear (1D) symbology's row decoder: run lengths read once per line and
/// shared by every linear plugin of the frame (``LinearScanner``).
///
/// `runs` are run lengths in pixels along the line in reading direction, alternating light and dark,
/// starting and ending with light: `runs[0]` is 0 when the line starts dark and the last run is 0 when it
/// ends dark, so the count is odd and every dark run has a light run on both sides. They add up to
/// `length`. `runStarts[i]` is the position of run i's leading edge along the line (pixels from the line's
/// start; `runStarts.count == runs.count + 1`, the last entry is `length`).
///
/// A line's ends usually lie on the image border, where everything beyond counts as light: a symbol
/// printed, cropped or rendered without quiet zone has one there (``isQuietZone(_:atLeast:)``).
/// A line read over a segment of its length ends inside the image and has none there
/// (``startsAtBorder``, ``endsAtBorder``).
public struct ScanLine: Sendable {
    /// A line's arrays behind one reference: a line is copied for every row decoder it is handed to and
    /// every look-up in the frame's line cache, and a copy then retains one object instead of six arrays.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let runs: [Int]
        @usableFromInline let runStarts: [Int]
        @usableFromInline let subpixelStarts: [Double]?
        @usableFromInline let widths: [Double]
        @usableFromInline let exactWidths: [Double]
        @usableFromInline let quietZoneStarts: [Int]

        init(
            runs: [Int], runStarts: [Int], subpixelStarts: [Double]?, widths: [Double], exactWidths: [Double],
            quietZoneStarts: [Int]
        ) {
            self.runs = runs
            self.runStarts = runStarts
            self.subpixelStarts = subpixelStarts
            self.widths = widths
            self.exactWidths = exactWidths
            self.quietZoneStarts = quietZoneStarts
        }
    }
    @usableFromInline let storage: Storage

    /// Run lengths in pixels along the line, light and dark in turn, light first and last (an odd count;
    /// see above).
    @inlinable public var runs: [Int] { storage.runs }
    /// Each run's leading edge in pixels from the line's start, then the line's length: `runs.count + 1`
    /// entries, increasing.
    @inlinable public var runStarts: [Int] { storage.runStarts }
    /// The run starts with sub-pixel precision when the line source measured edges that finely (same
    /// convention as `runStarts`), else nil. A row decoder may prefer these for widths.
    @inlinable public var subpixelStarts: [Double]? { storage.subpixelStarts }
    /// `runs` as floating point (whole pixels).
    @inlinable public var widths: [Double] { storage.widths }
    /// Run widths from `subpixelStarts` when the line has them, else `widths`.
    @inlinable public var exactWidths: [Double] { storage.exactWidths }
    /// The dark runs where a symbol may start (see ``symbolStarts(pure:)``), in increasing order.
    @inlinable public var quietZoneStarts: [Int] { storage.quietZoneStarts }
    /// True when the line's first position lies on the image border (light beyond it).
    public let startsAtBorder: Bool
    /// True when the line's last position lies on the image border (light beyond it).
    public let endsAtBorder: Bool
    /// Line length in pixels.
    public var length: Int { runStarts.last ?? 0 }
    /// Number of runs (odd, see above).
    public var count: Int { runs.count }

    /// The smallest ratio between the light run before a symbol's first bar and the narrower of its first
    /// bar and space that any built-in symbology's quiet zone rule admits, with room for measuring error.
    ///
    /// The first bar and space of every start pattern add up to at most 4 narrow elements or modules
    /// (EAN/UPC guard 1 + 1 modules, Code 128 start 2 + 1, Code 93 start 1 + 1, ITF start 1 + 1 narrow,
    /// Code 39 and Codabar starts narrow + wide), so the narrower of the two is at most 2 of them, while
    /// every built-in row decoder asks for at least 5 modules or narrow widths of light before a symbol
    /// inside a line. Blur and ink spread move bar/space boundaries, never the sum of a bar and a space.
    public static let quietZoneRatio = 2.5

    /// Wraps run lengths in the convention above; both ends lie on the image border.
    public init(runs: [Int]) {
        self.init(runs: runs, subpixelStarts: nil)
    }

    /// Wraps run lengths (light first; a zero-length light run is added when they end dark) and,
    /// optionally, their sub-pixel starts (`runs.count + 1` entries). `startsAtBorder` / `endsAtBorder`:
    /// whether the line's ends lie on the image border.
    public init(
        runs given: [Int], subpixelStarts givenStarts: [Double]?, startsAtBorder: Bool = true,
        endsAtBorder: Bool = true
    ) {
        precondition(givenStarts == nil || givenStarts?.count == given.count + 1)
        var runs = given
        var subpixelStarts = givenStarts
        if runs.count % 2 == 0 {  // ends dark: close with an empty light run
            runs.append(0)
            if let last = subpixelStarts?.last { subpixelStarts?.append(last) }
        }
        self.startsAtBorder = startsAtBorder
        self.endsAtBorder = endsAtBorder
        // Arrays are grown from empty with their capacity reserved: on Swift 6.3 for Linux,
        // `Array(repeating:count:)` (and any array the standard library makes from a sequence) looks up
        // the storage's type metadata at run time (about 750 instructions), which costs more than
        // filling a line's arrays.
        let n = runs.count
        var starts: [Int] = []
        starts.reserveCapacity(n + 1)
        var w: [Double] = []
        w.reserveCapacity(n)
        var position = 0
        starts.append(0)
        for r in runs {
            position += r
            starts.append(position)
            w.append(Double(r))
        }
        var exactWidths = w
        if let sub = subpixelStarts {
            var e: [Double] = []
            e.reserveCapacity(n)
            for i in 0..<n { e.append(sub[i + 1] - sub[i]) }
            exactWidths = e
        }
        var candidates: [Int] = []
        candidates.reserveCapacity(n / 2)  // at most every dark run: one allocation
        var i = 1
        while i + 2 < n {
            if i == 1 || w[i - 1] >= ScanLine.quietZoneRatio * min(w[i], w[i + 1]) { candidates.append(i) }
            i += 2
        }
        storage = Storage(
            runs: runs, runStarts: starts, subpixelStarts: subpixelStarts, widths: w, exactWidths: exactWidths,
            quietZoneStarts: candidates)
    }

    /// The dark runs a row decoder tries as a symbol's first bar: every dark run that has at least a space
    /// and a bar after it, or (unless `pure`: a pure image may have no quiet zone) only those behind light
    /// long enough to be a quiet zone (``quietZoneRatio``) or at the line's start.
    public func symbolStarts(pure: Bool) -> [Int] {
        guard pure else { return quietZoneStarts }
        return Array(stride(from: 1, to: max(1, count - 2), by: 2))
    }

    /// True when light run `run`, beside a symbol, is a quiet zone at least `width` pixels wide. The light
    /// run at a line end that lies on the image border is one whatever its width (even none: a bar cut by
    /// the border), since everything beyond the border counts as light. A symbology whose symbols, cut by
    /// the border, can read as other valid symbols must not rely on that alone (see ``isAtBorder(_:)``).
    @inline(__always)
    public func isQuietZone(_ run: Int, atLeast width: Double) -> Bool {
        guard run >= 0, run < count else { return false }
        return isAtBorder(run) || widths[run] >= width
    }

    /// True when the light runs on both sides of a read (dark runs `firstBar` … `lastBar`) are quiet zones
    /// `before` and `after` pixels wide, for a symbology whose start or stop pattern also occurs inside
    /// symbols (ITF's four narrow elements, the EAN/UPC guards): a symbol cut by the image border can read
    /// as a shorter or other one there, the light between the cut and the border being the rest of one of
    /// its spaces, perhaps with a sliver of bar too thin to see. So the border serves as quiet zone of any
    /// width only when both sides are on it (the line is the symbol: drawn or cropped without quiet
    /// zones). On one side only, its light must be `atOneBorder` pixels wide, or by default wider than
    /// every space inside the read together with its narrowest bar (which the rest of a cut space never
    /// is).
    public func hasUncutQuietZones(
        firstBar: Int, lastBar: Int, before need0: Double, after need1: Double, atOneBorder: Double? = nil
    ) -> Bool {
        let before = firstBar - 1, after = lastBar + 1
        guard before >= 0, after < count else { return false }
        let wideBefore = widths[before] >= need0, wideAfter = widths[after] >= need1
        if wideBefore && wideAfter { return true }
        guard wideBefore || isAtBorder(before), wideAfter || isAtBorder(after) else { return false }
        if !wideBefore && !wideAfter { return true }
        let light = widths[wideBefore ? after : before]
        if let atOneBorder { return light >= atOneBorder }
        var widestSpace = 0.0, narrowestBar = Double.infinity
        var k = firstBar
        while k <= lastBar {
            narrowestBar = min(narrowestBar, widths[k])
            if k < lastBar { widestSpace = max(widestSpace, widths[k + 1]) }
            k += 2
        }
        return light > widestSpace + narrowestBar
    }

    /// True when `run` is the light run at a line end that lies on the image border.
    @inline(__always)
    public func isAtBorder(_ run: Int) -> Bool {
        (run == 0 && startsAtBorder) || (run == count - 1 && endsAtBorder)
    }

    /// True when positions `start` ..< `end` along the line cover all its bars: only light before and
    /// after them. In a pure image every line that crosses the symbol holds that symbol alone, so a read
    /// without quiet zones must cover the whole line, or a part of a symbol could read as another
    /// (an ITF or a UPC-E out of an EAN-13's bars).
    @inline(__always)
    public func spansLine(from start: Int, to end: Int) -> Bool {
        count >= 3 && start <= runStarts[1] && end >= runStarts[count - 1]
    }

    /// Total width in pixels of `count` runs from run `from`.
    @inline(__always)
    public func span(_ from: Int, _ count: Int) -> Double { Double(runStarts[from + count] - runStarts[from]) }

    /// The number of runs of ``inverted()``, without making it.
    public var invertedRunCount: Int {
        let n = count
        guard n > 1 else { return runs[0] == 0 ? n : 3 }
        let first = runs[0] == 0 ? 1 : 0
        let last = runs[n - 1] == 0 ? n - 2 : n - 1
        return (first == 0 ? 1 : 0) + (last - first + 1) + (last == n - 1 ? 1 : 0)
    }

    /// The same line in the photographic negative: every light run dark and every dark run light, so the
    /// runs shift by one place (still starting and ending with a light run, empty where the line now
    /// starts or ends dark).
    public func inverted() -> ScanLine {
        let n = count
        guard n > 1 else {  // all light: all dark
            return runs[0] == 0
                ? self
                : ScanLine(
                    runs: [0, runs[0], 0], subpixelStarts: subpixelStarts.map { [$0[0], $0[0], $0[1], $0[1]] },
                    startsAtBorder: startsAtBorder, endsAtBorder: endsAtBorder)
        }
        // Runs 0 … n−1 with an empty light run before and after, less the pair at an end where the line
        // started or ended dark (its empty light run and the empty run now added beside it).
        let first = runs[0] == 0 ? 1 : 0
        let last = runs[n - 1] == 0 ? n - 2 : n - 1
        var r: [Int] = []
        r.reserveCapacity(n + 2)
        if first == 0 { r.append(0) }
        for k in first...last { r.append(runs[k]) }
        if last == n - 1 { r.append(0) }
        var sub: [Double]? = nil
        if let s = subpixelStarts {
            var out: [Double] = []
            out.reserveCapacity(n + 3)
            if first == 0 { out.append(s[0]) }
            for k in first...(last + 1) { out.append(s[k]) }
            if last == n - 1 { out.append(s[n]) }
            sub = out
        }
        return ScanLine(runs: r, subpixelStarts: sub, startsAtBorder: startsAtBorder, endsAtBorder: endsAtBorder)
    }

    /// The same line read in the other direction (still starting and ending with a light run).
    public func reversed() -> ScanLine {
        // Filled by hand into reserved arrays: `Sequence.reversed()` makes its array the slow way (see
        // the initializer).
        var r: [Int] = []
        r.reserveCapacity(runs.count)
        for k in runs.indices.reversed() { r.append(runs[k]) }
        var sub: [Double]? = nil
        if let s = subpixelStarts {
            let end = s.last ?? 0
            var out: [Double] = []
            out.reserveCapacity(s.count)
            for k in s.indices.reversed() { out.append(end - s[k]) }
            sub = out
        }
        return ScanLine(runs: r, subpixelStarts: sub, startsAtBorder: endsAtBorder, endsAtBorder: startsAtBorder)
    }

    /// The line with every one-pixel run inside it merged into its neighbours (a speck of noise in a bar
    /// or space: the run joins the run before it together with the run after it, both of the other
    /// colour), or nil when there is none or the line's runs are mostly that narrow (a small symbol).
    /// Row decoders read a line again this way when it gave nothing (salt-and-pepper noise).
    public func withoutSpecks() -> ScanLine? {
        guard runs.count > 2 else { return nil }
        var specks = 0
        for k in 1..<(runs.count - 1) where runs[k] == 1 { specks += 1 }
        guard specks > 0, specks * 8 < runs.count else { return nil }
        var merged: [Int] = []
        merged.reserveCapacity(runs.count)
        merged.append(runs[0])
        var k = 1
        while k < runs.count {
            if runs[k] == 1 && k + 1 < runs.count {
                merged[merged.count - 1] += 1 + runs[k + 1]
                k += 2
            } else {
                merged.append(runs[k])
                k += 1
            }
        }
        guard merged.count >= 4 else { return nil }
        return ScanLine(runs: merged, subpixelStarts: nil, startsAtBorder: startsAtBorder, endsAtBorder: endsAtBorder)
    }
}
