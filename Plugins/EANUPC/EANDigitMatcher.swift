import ScanCore

/// Reads one symbol character (two bars, two spaces, 7 modules) from four run widths.
///
/// The widths are normalised to the character's own width (7 modules), which makes the match independent
/// of scale and tolerant of slow perspective change. The main evidence are the three edge-to-similar-edge
/// distances (run i + run i+1): ink spread and blur move both edges of such a pair the same way, so these
/// sums stay close to whole modules even when single bars grow or shrink. The single widths are weighed
/// in at half weight; they separate the pairs the sums cannot (1/7 and 2/8 have equal sums).
/// A character is accepted only when its best pattern is close and clearly better than the runner-up.
struct EANDigitMatcher: Sendable {
    /// One candidate: digit value, whether it is from number set B, and its widths in modules.
    struct Candidate: Sendable {
        var digit: Int
        var setB: Bool
        var widths: [Double]
    }

    /// The decided character.
    struct Match: Sendable, Equatable {
        var digit: Int
        var setB: Bool
        /// Squared distance of the best pattern (0 = perfect).
        var distance: Double
    }

    let candidates: [Candidate]
    /// Largest accepted distance of the best pattern.
    var maxDistance = 1.1
    /// Smallest accepted gap between the best and second-best distances.
    var minMargin = 0.3

    /// Sets A and B (left half of EAN-13, UPC-E, add-ons).
    static let setsAB = EANDigitMatcher(
        candidates: (0..<10).map { Candidate(digit: $0, setB: false, widths: EANPatterns.setA[$0].map(Double.init)) }
            + (0..<10).map { Candidate(digit: $0, setB: true, widths: EANPatterns.setB[$0].map(Double.init)) })
    /// Set A only (left half of EAN-8).
    static let setA = EANDigitMatcher(
        candidates: (0..<10).map { Candidate(digit: $0, setB: false, widths: EANPatterns.setA[$0].map(Double.init)) })
    /// Set C (right halves).
    static let setC = EANDigitMatcher(
        candidates: (0..<10).map { Candidate(digit: $0, setB: false, widths: EANPatterns.setC[$0].map(Double.init)) })

    /// The character in `w` (four widths in reading order), or nil when no pattern is convincing.
    ///
    /// `spread` is the symbol's ink spread in modules (how much wider than nominal its bars print, and
    /// narrower its spaces; see ``EANRowDecoder``), taken off the single widths before they are compared;
    /// `firstIsBar` says whether `w0` is a bar.
    func match(
        _ w0: Double, _ w1: Double, _ w2: Double, _ w3: Double, spread: Double = 0, firstIsBar: Bool = false
    ) -> Match? {
        guard let n = Self.normalised(w0, w1, w2, w3, spread: spread, firstIsBar: firstIsBar) else { return nil }
        var nearest = NearestTwo()
        for (k, c) in candidates.enumerated() { nearest.offer(Self.distance(n, c.widths), index: k) }
        guard nearest.isClear(maxDistance: maxDistance, minMargin: minMargin) else { return nil }
        let found = candidates[nearest.index]
        return Match(digit: found.digit, setB: found.setB, distance: nearest.best)
    }

    /// Four widths in modules as ``match(_:_:_:_:spread:firstIsBar:)`` compares them: scaled to 7 modules,
    /// the bars narrower and the spaces wider by `spread`. Nil when they add up to nothing.
    static func normalised(
        _ w0: Double, _ w1: Double, _ w2: Double, _ w3: Double, spread: Double, firstIsBar: Bool
    ) -> (Double, Double, Double, Double)? {
        let total = w0 + w1 + w2 + w3
        guard total > 0 else { return nil }
        let s = 7 / total
        let c = firstIsBar ? -spread : spread
        return (w0 * s + c, w1 * s - c, w2 * s + c, w3 * s - c)
    }

    /// The distance of normalised widths `n` from pattern `p`: the squared errors of the three
    /// edge-to-similar-edge distances, and half those of the single widths.
    @inline(__always)
    static func distance(_ n: (Double, Double, Double, Double), _ p: [Double]) -> Double {
        let (n0, n1, n2, n3) = n
        let e0 = n0 + n1, e1 = n1 + n2, e2 = n2 + n3
        let de0 = e0 - (p[0] + p[1]), de1 = e1 - (p[1] + p[2]), de2 = e2 - (p[2] + p[3])
        let d0 = n0 - p[0], d1 = n1 - p[1], d2 = n2 - p[2], d3 = n3 - p[3]
        return de0 * de0 + de1 * de1 + de2 * de2 + 0.5 * (d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3)
    }

    /// The pattern of `digit` in number set B or not.
    func pattern(_ digit: Int, setB: Bool) -> [Double]? {
        candidates.first { $0.digit == digit && $0.setB == setB }?.widths
    }

    /// How much wider than the pattern of `digit` the bars of the widths read (modules, mean of the two
    /// bars' excess and the two spaces' shortfall), `spread` taken off as in ``match(_:_:_:_:spread:firstIsBar:)``.
    func barExcess(
        _ w: (Double, Double, Double, Double), spread: Double, firstIsBar: Bool, digit: Int, setB: Bool
    ) -> Double? {
        guard let p = pattern(digit, setB: setB),
            let n = Self.normalised(w.0, w.1, w.2, w.3, spread: spread, firstIsBar: firstIsBar)
        else { return nil }
        let even = (n.0 - p[0]) + (n.2 - p[2]), odd = (n.1 - p[1]) + (n.3 - p[3])
        return (firstIsBar ? even - odd : odd - even) / 4
    }

    /// True when `digit` has a partner (``partner(of:)``) whose pattern the widths, with `spread` taken off,
    /// lie nearer than the digit's own: read with that spread, the character would be the partner.
    func readsAsPartner(
        _ w: (Double, Double, Double, Double), spread: Double, firstIsBar: Bool, digit: Int, setB: Bool
    ) -> Bool {
        guard let other = Self.partner(of: digit), let own = pattern(digit, setB: setB),
            let partner = pattern(other, setB: setB),
            let n = Self.normalised(w.0, w.1, w.2, w.3, spread: spread, firstIsBar: firstIsBar)
        else { return false }
        return Self.distance(n, partner) < Self.distance(n, own)
    }

    /// The digit whose pattern in the same number set has the same three edge-to-similar-edge distances
    /// (ISO/IEC 15420, the character sets' table): 1 and 7, 2 and 8. Only their bar widths tell them
    /// apart, which blur, ink spread and glare blunt. Nil for the other digits.
    static func partner(of digit: Int) -> Int? {
        switch digit {
        case 1: return 7
        case 7: return 1
        case 2: return 8
        case 8: return 2
        default: return nil
        }
    }
}
