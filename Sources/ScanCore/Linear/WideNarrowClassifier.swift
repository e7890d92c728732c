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
    /// when `count` is not in 2…16 or `wideCount` not in 1..<count, or when a narrow element has no width.
    public static func classify(_ w: [Double], at i: Int, count: Int, wideCount: Int) -> Reading? {
        guard count >= 2, count <= 16, wideCount >= 1, wideCount < count, i >= 0, i + count <= w.count else {
            return nil
        }
        return w.withUnsafeBufferPointer { buf in
            classify(UnsafeBufferPointer(rebasing: buf[i..<(i + count)]), wideCount: wideCount)
        }
    }

    private static func classify(_ e: UnsafeBufferPointer<Double>, wideCount: Int) -> Reading? {
        let count = e.count
        var spread = 0.0
        var reading = Reading(pattern: 0, narrow: 0, wide: 0, separation: 0)
        for _ in 0..<3 {
            @inline(__always) func corrected(_ k: Int) -> Double { k % 2 == 0 ? e[k] - spread : e[k] + spread }
            // The wideCount largest, largest first (the earlier element on ties).
            var wideSet = 0
            var wideSum = 0.0
            var minWide = 0.0
            for _ in 0..<wideCount {
                var best = -1
                var bestValue = -Double.infinity
                for k in 0..<count where wideSet & (1 << k) == 0 {
                    let v = corrected(k)
                    if v > bestValue {
                        bestValue = v
                        best = k
                    }
                }
                wideSet |= 1 << best
                wideSum += bestValue
                minWide = bestValue
            }
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
