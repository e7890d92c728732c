import ScanCore

/// Reads one pair of interleaved digits from ten runs (five bars, five spaces) of an ITF symbol
/// (ISO/IEC 16390:2007 §4.2).
///
/// Bars and spaces are classified separately (the two widest of each are wide), so ink spread, which
/// widens bars and narrows spaces alike, does not move the threshold. The wide-to-narrow ratio is taken
/// over bars and spaces together, where the spread cancels, and must be near the standard's 2–3 (§4.4).
struct ITFPairReader {
    /// Accepted wide/narrow ratio (the standard allows 2.0–3.0, §4.4; a little slack for photos).
    var ratioRange: ClosedRange<Double> = 1.7...3.6
    /// Smallest ratio between the narrower wide element and the wider narrow element of bars (or spaces).
    var separation = 1.25

    struct Pair {
        var first: Int
        var second: Int
        /// Mean narrow element width (bars and spaces) in pixels.
        var narrow: Double
        /// Mean narrow bar and narrow space widths, for the stop pattern.
        var narrowBar: Double
        var narrowSpace: Double
        /// Width of the ten elements in pixels.
        var width: Double
    }

    /// The pair whose first bar is run `j`, or nil.
    func read(_ r: ScanLine, at j: Int) -> Pair? {
        guard j + 9 < r.count else { return nil }
        guard let bars = classify(r, j), let spaces = classify(r, j + 1) else { return nil }
        guard let first = ITFPatterns.digitByMask[Int(bars.mask)],
            let second = ITFPatterns.digitByMask[Int(spaces.mask)]
        else { return nil }
        let narrow = (bars.narrowSum + spaces.narrowSum) / 6
        let wide = (bars.wideSum + spaces.wideSum) / 4
        guard narrow > 0, ratioRange.contains(wide / narrow) else { return nil }
        return Pair(
            first: first, second: second, narrow: narrow, narrowBar: bars.narrowSum / 3,
            narrowSpace: spaces.narrowSum / 3,
            width: bars.narrowSum + bars.wideSum + spaces.narrowSum
                + spaces.wideSum)
    }

    private struct Classified {
        var mask: UInt8
        var narrowSum: Double
        var wideSum: Double
    }

    /// The five elements at runs `j`, `j + 2`, … `j + 8`: the two widest are wide.
    private func classify(_ r: ScanLine, _ j: Int) -> Classified? {
        let w = r.exactWidths
        var first = -1, second = -1
        for k in 0..<5 {
            let v = w[j + 2 * k]
            if first < 0 || v > w[j + 2 * first] {
                second = first
                first = k
            } else if second < 0 || v > w[j + 2 * second] {
                second = k
            }
        }
        let minWide = min(w[j + 2 * first], w[j + 2 * second])
        var maxNarrow = 0.0, narrowSum = 0.0
        for k in 0..<5 where k != first && k != second {
            maxNarrow = max(maxNarrow, w[j + 2 * k])
            narrowSum += w[j + 2 * k]
        }
        guard maxNarrow > 0, minWide >= separation * maxNarrow else { return nil }
        let mask = UInt8(1 << (4 - first)) | UInt8(1 << (4 - second))
        return Classified(mask: mask, narrowSum: narrowSum, wideSum: w[j + 2 * first] + w[j + 2 * second])
    }
}
