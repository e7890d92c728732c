/// Reads one Codabar character from seven run widths (bar, space, …, bar): two or three wide.
///
/// For each possible count of wide elements, the widest ones are taken as wide, after correcting every bar
/// and space for ink spread estimated from the narrow bars and spaces (which spread moves in opposite
/// directions). The count with the clearer separation between narrow and wide wins, and its pattern must be
/// in the table.
struct CodabarCharacterReader: Sendable {
    /// Smallest accepted ratio of the narrowest wide to the widest narrow element (after correction).
    var minSeparation = 1.3
    /// Accepted range of mean wide / mean narrow (the standard allows 2:1 to 3:1; blur and print vary).
    var ratioRange = 1.6...4.5

    struct Character: Sendable {
        /// Index in ``CodabarPatterns/characters``.
        var index: Int
        /// Mean narrow and wide widths (pixels, after correction).
        var narrow: Double
        var wide: Double
        /// Narrowest wide over widest narrow: how clear the read is.
        var separation: Double
    }

    func read(_ w: [Double], at i: Int) -> Character? {
        guard i + 7 <= w.count else { return nil }
        var best: Character?
        for wideCount in [2, 3] {
            if let c = read(w, at: i, wideCount: wideCount), c.separation > (best?.separation ?? 0) { best = c }
        }
        return best
    }

    func read(_ w: [Double], at i: Int, wideCount: Int) -> Character? {
        var spread = 0.0
        var bits = 0
        var narrow = 0.0
        var wide = 0.0
        var separation = 0.0
        for _ in 0..<3 {
            var a = [Double](repeating: 0, count: 7)
            for k in 0..<7 { a[k] = k % 2 == 0 ? w[i + k] - spread : w[i + k] + spread }
            var order = Array(0..<7)
            order.sort { a[$0] > a[$1] }
            bits = 0
            for k in order.prefix(wideCount) { bits |= 1 << (6 - k) }
            let minWide = a[order[wideCount - 1]]
            let maxNarrow = a[order[wideCount]]
            guard maxNarrow > 0 else { return nil }
            separation = minWide / maxNarrow
            wide = order.prefix(wideCount).reduce(0) { $0 + a[$1] } / Double(wideCount)
            narrow = order.suffix(7 - wideCount).reduce(0) { $0 + a[$1] } / Double(7 - wideCount)
            // Spread estimate from the raw narrow bars and spaces (half their difference).
            var barSum = 0.0
            var barCount = 0.0
            var spaceSum = 0.0
            var spaceCount = 0.0
            for k in order.suffix(7 - wideCount) {
                if k % 2 == 0 {
                    barSum += w[i + k]
                    barCount += 1
                } else {
                    spaceSum += w[i + k]
                    spaceCount += 1
                }
            }
            guard barCount > 0, spaceCount > 0 else { break }
            let limit = 0.45 * (barSum + spaceSum) / (barCount + spaceCount)
            let next = max(-limit, min(limit, (barSum / barCount - spaceSum / spaceCount) / 2))
            if abs(next - spread) < 0.05 * narrow { break }
            spread = next
        }
        let index = Int(CodabarPatterns.lookup[bits])
        guard index >= 0, separation >= minSeparation, ratioRange.contains(wide / narrow) else { return nil }
        return Character(index: index, narrow: narrow, wide: wide, separation: separation)
    }
}
