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
    /// Largest ratio between the widest and the narrowest bar of a character whose three wide elements
    /// are all spaces (`$`, `/`, `+`, `%`: every bar narrow).
    ///
    /// Glare along the bars, bleaching and heavy blur thin a character's bars and widen its spaces, and
    /// any character read so has its wide elements among the spaces: one of these four. Its bars then
    /// keep their old proportions (a thinned wide bar stays about twice a thinned narrow one), where the
    /// four characters' own five bars are alike. Measured with `scanstress` over Code 39 and Code 32
    /// (8,000 symbols each): seed 96 11 → 7 wrong values, 5,484 → 5,452 read; seed 97 (not looked at
    /// while choosing the ratio) 5 → 2, 5,431 → 5,404. The same bound on every character's narrow bars
    /// refused 8 % of the reads.
    var maxAllNarrowBarSpread = 1.8

    struct Character: Sendable {
        /// Index in ``Code39Patterns/characters``.
        var index: Int
        /// Mean narrow and wide widths (pixels, after correction).
        var narrow: Double
        var wide: Double
    }

    /// The bits of a classified pattern that stand for the five bars (elements 0, 2, 4, 6, 8; element k
    /// is bit 8 − k).
    static let barBits = 0b1_0101_0101

    /// The character whose nine elements start at `w[i]` (a bar), or nil.
    func read(_ w: [Double], at i: Int) -> Character? {
        guard let r = WideNarrowClassifier.classify(w, at: i, count: 9, wideCount: 3),
            r.separation >= minSeparation, ratioRange.contains(r.wide / r.narrow)
        else { return nil }
        let index = Int(Code39Patterns.lookup[r.pattern])
        guard index >= 0 else { return nil }
        if r.pattern & Self.barBits == 0 {
            var lo = w[i], hi = w[i]
            for k in stride(from: i + 2, through: i + 8, by: 2) {
                lo = min(lo, w[k])
                hi = max(hi, w[k])
            }
            guard hi <= maxAllNarrowBarSpread * lo else { return nil }
        }
        return Character(index: index, narrow: r.narrow, wide: r.wide)
    }
}
