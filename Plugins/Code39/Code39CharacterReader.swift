/// Reads one Code 39 character from nine run widths (bar, space, …, bar): three wide, six narrow.
///
/// The three widest elements are taken as wide. Ink spread (or a binarizer threshold off the middle)
/// makes every bar wider and every space narrower by about the same amount, so the reader estimates that
/// amount from the narrow bars and narrow spaces, corrects the widths and classifies again. A character
/// is accepted when its pattern is in the table and the narrowest wide element is clearly wider than the
/// widest narrow one.
struct Code39CharacterReader: Sendable {
    /// Smallest accepted ratio of the narrowest wide to the widest narrow element (after correction).
    var minSeparation = 1.3
    /// Accepted range of mean wide / mean narrow (the standard allows 2:1 to 3:1; blur and print vary).
    var ratioRange = 1.6...4.5

    struct Character: Sendable {
        /// Index in ``Code39Patterns/characters``.
        var index: Int
        /// Mean narrow and wide widths (pixels, after correction).
        var narrow: Double
        var wide: Double
    }

    /// The character whose nine elements start at `w[i]` (a bar), or nil.
    func read(_ w: [Double], at i: Int) -> Character? {
        guard i + 9 <= w.count else { return nil }
        var spread = 0.0
        var bits = 0
        var narrow = 0.0
        var wide = 0.0
        var separation = 0.0
        for _ in 0..<3 {
            var a = [Double](repeating: 0, count: 9)
            for k in 0..<9 { a[k] = k % 2 == 0 ? w[i + k] - spread : w[i + k] + spread }
            // The three largest elements are wide.
            var order = Array(0..<9)
            order.sort { a[$0] > a[$1] }
            bits = 0
            for k in order.prefix(3) { bits |= 1 << (8 - k) }
            let minWide = a[order[2]]
            let maxNarrow = a[order[3]]
            guard maxNarrow > 0 else { return nil }
            separation = minWide / maxNarrow
            wide = (a[order[0]] + a[order[1]] + a[order[2]]) / 3
            narrow = order.suffix(6).reduce(0) { $0 + a[$1] } / 6
            // Spread estimate from the raw narrow bars and spaces (half their difference).
            var barSum = 0.0
            var barCount = 0.0
            var spaceSum = 0.0
            var spaceCount = 0.0
            for k in order.suffix(6) {
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
        guard separation >= minSeparation else { return nil }
        guard ratioRange.contains(wide / narrow) else { return nil }
        let index = Int(Code39Patterns.lookup[bits])
        guard index >= 0 else { return nil }
        return Character(index: index, narrow: narrow, wide: wide)
    }
}
