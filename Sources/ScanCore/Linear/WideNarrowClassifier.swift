/// Tells the wide from the narrow elements of one character of a two-width linear symbology (Code 39:
/// nine elements, three wide, ISO/IEC 16388; Codabar: seven elements, two or three wide, EN 798).
///
/// ```swift
/// // Nine elements (bar, space, bar, …; pixels) of which elements 0, 5 and 8 are wide
/// let r = WideNarrowClassifier.classify([6, 2, 2, 2, 2, 6, 2, 2, 6], at: 0, count: 9, wideCount: 3)
/// r?.pattern     // 0b100001001: element k wide ⇔ bit (count − 1 − k) set
/// r?.separation  // 3.0: narrowest wide over widest narrow
/// ```
///
/// The `wideCount` widest elements are taken as wide. Ink spread (or a binarizer threshold off the middle)
/// makes every bar wider and every space narrower by about the same amount, so the amount is estimated
/// from the narrow bars and narrow spaces (half the difference of their means, at most 0.45 of a narrow
/// element), the widths corrected and the elements classified again, up to three times. Ties go to the
/// earlier element. No memory is allocated: this runs at every candidate position of every scan line.
public enum WideNarrowClassifier {
    /// One classified character.
    public struct Reading: Sendable, Equatable {
        /// Element k (from the first bar) is wide when bit `count − 1 − k` is set.
        public var pattern: Int
        /// Mean narrow and wide widths after the spread correction (pixels).
        public var narrow: Double
        public var wide: Double
        /// Narrowest wide element over widest narrow one, after the correction.
        public var separation: Double
    }

    /// Classifies the `count` elements `w[i]`, `w[i + 1]`, … (a bar first, bars at even offsets; widths
    /// in pixels) with the `wideCount` widest as wide. Nil when fewer than `count` elements are left,
    /// when `count` is not in 2…16 or `wideCount` not in 1...min(4, count − 1), or when a narrow element
    /// has no width.
    public static func classify(_ w: [Double], at i: Int, count: Int, wideCount: Int) -> Reading? {
        guard count >= 2, count <= 16, wideCount >= 1, wideCount < count, wideCount <= 4, i >= 0, i + count <= w.count
        else {
            return nil
        }
        return w.withUnsafeBufferPointer { buf in
            classify(UnsafeBufferPointer(rebasing: buf[i..<(i + count)]), wideCount: wideCount)
        }
    }

    /// The `wideCount` (1…4) largest of the widths `e` corrected by `spread` (bars narrower, spaces
    /// wider), the earlier element on ties: their set (bit k for element k), the sum of their corrected
    /// widths added largest first, and the least of them. One pass keeps a list of at most `wideCount`
    /// elements, largest first; an element enters only when it is larger than the list's last, since an
    /// equal one came later and loses the tie. NaN widths are never wide.
    static func widest(
        _ e: UnsafeBufferPointer<Double>, spread: Double, wideCount: Int
    ) -> (set: Int, sum: Double, least: Double) {
        var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var indices: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var set = 0, sum = 0.0, least = 0.0
        withUnsafeMutableBytes(of: &values) { vb in
            withUnsafeMutableBytes(of: &indices) { ib in
                let v = vb.bindMemory(to: Double.self), index = ib.bindMemory(to: Int.self)
                var kept = 0
                for k in 0..<e.count {
                    let x = k % 2 == 0 ? e[k] - spread : e[k] + spread
                    guard !x.isNaN else { continue }
                    if kept == wideCount && !(x > v[kept - 1]) { continue }
                    // After every kept width that is at least x.
                    var at = kept == wideCount ? kept - 1 : kept
                    while at > 0 && x > v[at - 1] {
                        v[at] = v[at - 1]
                        index[at] = index[at - 1]
                        at -= 1
                    }
                    v[at] = x
                    index[at] = k
                    if kept < wideCount { kept += 1 }
                }
                for r in 0..<kept {
                    set |= 1 << index[r]
                    sum += v[r]
                    least = v[r]
                }
            }
        }
        return (set, sum, least)
    }

    private static func classify(_ e: UnsafeBufferPointer<Double>, wideCount: Int) -> Reading? {
        let count = e.count
        var spread = 0.0
        var reading = Reading(pattern: 0, narrow: 0, wide: 0, separation: 0)
        for _ in 0..<3 {
            @inline(__always) func corrected(_ k: Int) -> Double { k % 2 == 0 ? e[k] - spread : e[k] + spread }
            let (wideSet, wideSum, minWide) = widest(e, spread: spread, wideCount: wideCount)
            var maxNarrow = -Double.infinity
            var narrowSum = 0.0
            var barSum = 0.0, barCount = 0.0, spaceSum = 0.0, spaceCount = 0.0
            for k in 0..<count where wideSet & (1 << k) == 0 {
                let v = corrected(k)
                maxNarrow = max(maxNarrow, v)
                narrowSum += v
                // Spread is estimated from the raw widths.
                if k % 2 == 0 {
                    barSum += e[k]
                    barCount += 1
                } else {
                    spaceSum += e[k]
                    spaceCount += 1
                }
            }
            guard maxNarrow > 0 else { return nil }
            var pattern = 0
            for k in 0..<count where wideSet & (1 << k) != 0 { pattern |= 1 << (count - 1 - k) }
            reading = Reading(
                pattern: pattern, narrow: narrowSum / Double(count - wideCount),
                wide: wideSum / Double(wideCount), separation: minWide / maxNarrow)
            guard barCount > 0, spaceCount > 0 else { break }
            let limit = 0.45 * (barSum + spaceSum) / (barCount + spaceCount)
            let next = max(-limit, min(limit, (barSum / barCount - spaceSum / spaceCount) / 2))
            if abs(next - spread) < 0.05 * reading.narrow { break }
            spread = next
        }
        return reading
    }
}
