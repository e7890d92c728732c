/// One scan line handed to a linear (1D) symbology's row decoder: run lengths read once per line and
/// shared by every linear plugin of the frame (``LinearScanner``).
///
/// `runs` are run lengths in pixels along the line in reading direction, alternating light and dark and
/// starting with light (`runs[0]` is 0 when the line starts dark); they add up to `length`.
/// `runStarts[i]` is the position of run i's leading edge along the line (pixels from the line's start;
/// `runStarts.count == runs.count + 1`, the last entry is `length`).
public struct ScanLine: Sendable {
    public let runs: [Int]
    public let runStarts: [Int]
    /// The run starts with sub-pixel precision when the line source measured edges that finely (same
    /// convention as `runStarts`), else nil. A row decoder may prefer these for widths.
    public let subpixelStarts: [Double]?
    /// `runs` as floating point (whole pixels).
    public let widths: [Double]
    /// Run widths from `subpixelStarts` when the line has them, else `widths`.
    public let exactWidths: [Double]
    /// The dark runs where a symbol may start (see ``symbolStarts(pure:)``), in increasing order.
    public let quietZoneStarts: [Int]
    /// Line length in pixels.
    public var length: Int { runStarts.last ?? 0 }
    /// Number of runs.
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

    /// Wraps run lengths in the convention above.
    public init(runs: [Int]) {
        self.init(runs: runs, subpixelStarts: nil)
    }

    /// Wraps run lengths and, optionally, their sub-pixel starts (`runs.count + 1` entries).
    public init(runs: [Int], subpixelStarts: [Double]?) {
        precondition(subpixelStarts == nil || subpixelStarts?.count == runs.count + 1)
        self.runs = runs
        let n = runs.count
        var starts = [Int](repeating: 0, count: n + 1)
        var w = [Double](repeating: 0, count: n)
        for i in 0..<n {
            starts[i + 1] = starts[i] + runs[i]
            w[i] = Double(runs[i])
        }
        self.runStarts = starts
        self.subpixelStarts = subpixelStarts
        self.widths = w
        if let sub = subpixelStarts {
            var e = [Double](repeating: 0, count: n)
            for i in 0..<n { e[i] = sub[i + 1] - sub[i] }
            exactWidths = e
        } else {
            exactWidths = w
        }
        var candidates: [Int] = []
        var i = 1
        while i + 2 < n {
            if i == 1 || w[i - 1] >= ScanLine.quietZoneRatio * min(w[i], w[i + 1]) { candidates.append(i) }
            i += 2
        }
        quietZoneStarts = candidates
    }

    /// The dark runs a row decoder tries as a symbol's first bar: every dark run that has at least a space
    /// and a bar after it, or (unless `pure`: a pure image may have no quiet zone) only those behind light
    /// long enough to be a quiet zone (``quietZoneRatio``) or at the line's start (the image border is
    /// light by definition).
    public func symbolStarts(pure: Bool) -> [Int] {
        guard pure else { return quietZoneStarts }
        return Array(stride(from: 1, to: max(1, count - 2), by: 2))
    }

    /// Total width in pixels of `count` runs from run `from`.
    @inline(__always)
    public func span(_ from: Int, _ count: Int) -> Double { Double(runStarts[from + count] - runStarts[from]) }

    /// The same line in the photographic negative: every light run dark and every dark run light, so the
    /// runs shift by one place (still starting with a light run, which is empty when the line now starts
    /// dark).
    public func inverted() -> ScanLine {
        if runs.count > 1 && runs[0] == 0 {
            return ScanLine(runs: Array(runs.dropFirst()), subpixelStarts: subpixelStarts.map { Array($0.dropFirst()) })
        }
        return ScanLine(runs: [0] + runs, subpixelStarts: subpixelStarts.map { [$0[0]] + $0 })
    }

    /// The same line read in the other direction (still starting with a light run).
    public func reversed() -> ScanLine {
        var r = Array(runs.reversed())
        var sub = subpixelStarts.map { s in s.reversed().map { (s.last ?? 0) - $0 } }
        // Even indices are light, so an even count ends dark: reversed, it starts dark.
        if runs.count % 2 == 0 {
            r.insert(0, at: 0)
            sub?.insert(0, at: 0)
        }
        if r.count > 1 && r.last == 0 {  // the original started dark: drop the empty light run at the end
            r.removeLast()
            sub?.removeLast()
        }
        return ScanLine(runs: r, subpixelStarts: sub)
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
        var merged: [Int] = [runs[0]]
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
        return ScanLine(runs: merged)
    }
}
