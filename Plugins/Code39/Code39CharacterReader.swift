import ScanCore

/// Reads one Code 39 character from nine run widths (bar, space, …, bar): three wide, six narrow.
///
/// The three widest elements are wide, after the ink-spread correction of ``WideNarrowClassifier``. A
/// character is accepted when its pattern is in the table and the narrowest wide element is clearly wider
/// than the widest narrow one.
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
        guard let r = WideNarrowClassifier.classify(w, at: i, count: 9, wideCount: 3),
            r.separation >= minSeparation, ratioRange.contains(r.wide / r.narrow)
        else { return nil }
        let index = Int(Code39Patterns.lookup[r.pattern])
        guard index >= 0 else { return nil }
        return Character(index: index, narrow: r.narrow, wide: r.wide)
    }
}
