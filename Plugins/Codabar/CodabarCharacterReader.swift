import ScanCore

/// Reads one Codabar character from seven run widths (bar, space, …, bar): two or three wide.
///
/// For each possible count of wide elements, the widest ones are taken as wide, after the ink-spread
/// correction of ``WideNarrowClassifier``. The count with the clearer separation between narrow and wide
/// wins, and its pattern must be in the table.
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
        for wideCount in 2...3 {
            if let c = read(w, at: i, wideCount: wideCount), c.separation > (best?.separation ?? 0) { best = c }
        }
        return best
    }

    /// The start/stop character (`A`–`D`) whose seven elements start at `w[i]`, or nil: the same as
    /// ``read(_:at:)`` giving a start/stop character, for less. The start/stop characters have three wide
    /// elements and every two-wide character is a data character, so the two-wide reading is made only to
    /// see whether it is the clearer one (then ``read(_:at:)`` gives it, and this nil). This runs at every
    /// dark run behind a quiet zone, and most are no start/stop character as three wide elements.
    func readStartStop(_ w: [Double], at i: Int) -> Character? {
        guard i + 7 <= w.count, let c3 = read(w, at: i, wideCount: 3), c3.index >= CodabarPatterns.firstStartStop
        else { return nil }
        if let c2 = read(w, at: i, wideCount: 2), c2.separation >= c3.separation { return nil }
        return c3
    }

    func read(_ w: [Double], at i: Int, wideCount: Int) -> Character? {
        guard let r = WideNarrowClassifier.classify(w, at: i, count: 7, wideCount: wideCount) else { return nil }
        let index = Int(CodabarPatterns.lookup[r.pattern])
        guard index >= 0, r.separation >= minSeparation, ratioRange.contains(r.wide / r.narrow) else { return nil }
        return Character(index: index, narrow: r.narrow, wide: r.wide, separation: r.separation)
    }
}
