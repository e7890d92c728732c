/// The EAN/UPC symbol character tables (facts of the standard: ISO/IEC 15420:2009,
/// symbol character encodation; GS1 General Specifications §5.2, EAN/UPC symbol characters).
///
/// A symbol character is 7 modules wide and made of two bars and two spaces. The widths below are in
/// modules, in reading order (left to right).
enum EANPatterns {
    /// Number set A ("L", odd parity): space, bar, space, bar. Index = digit.
    static let setA: [[Int]] = [
        [3, 2, 1, 1], [2, 2, 2, 1], [2, 1, 2, 2], [1, 4, 1, 1], [1, 1, 3, 2],
        [1, 2, 3, 1], [1, 1, 1, 4], [1, 3, 1, 2], [1, 2, 1, 3], [3, 1, 1, 2],
    ]

    /// Number set B ("G", even parity): space, bar, space, bar — set A's widths in reverse order.
    static let setB: [[Int]] = setA.map { Array($0.reversed()) }

    /// Number set C ("R"): bar, space, bar, space — set A's widths, colours swapped.
    static let setC: [[Int]] = setA

    /// EAN-13: the number sets of the six left-half characters, by the implied first digit
    /// (ISO/IEC 15420; GS1 GenSpecs §5.2, EAN-13 left-half number sets). `true` = set B.
    static let firstDigitParity: [[Bool]] = [
        "AAAAAA", "AABABB", "AABBAB", "AABBBA", "ABAABB",
        "ABBAAB", "ABBBAA", "ABABAB", "ABABBA", "ABBABA",
    ].map { $0.map { $0 == "B" } }

    /// UPC-E with number system 0: the number sets of the six characters by the check digit, which the
    /// parity pattern encodes (ISO/IEC 15420, UPC-E; GS1 GenSpecs §5.2; `true` = set B,
    /// "even"). Number system 1 uses the complement.
    static let upcEParity: [[Bool]] = [
        "BBBAAA", "BBABAA", "BBAABA", "BBAAAB", "BABBAA",
        "BAABBA", "BAAABB", "BABABA", "BABAAB", "BAABAB",
    ].map { $0.map { $0 == "B" } }

    /// EAN-2 add-on: number sets of its two characters by (value mod 4) (GS1 GenSpecs §5.2, add-ons).
    static let addOn2Parity: [[Bool]] = ["AA", "AB", "BA", "BB"].map { $0.map { $0 == "B" } }

    /// EAN-5 add-on: number sets of its five characters by its check value (GS1 GenSpecs §5.2, add-ons).
    static let addOn5Parity: [[Bool]] = [
        "BBAAA", "BABAA", "BAABA", "BAAAB", "ABBAA",
        "AABBA", "AAABB", "ABABA", "ABAAB", "AABAB",
    ].map { $0.map { $0 == "B" } }

    /// Guard patterns in modules (ISO/IEC 15420; GS1 GenSpecs §5.2): normal guard bar-space-bar, centre guard
    /// space-bar-space-bar-space, UPC-E special guard space-bar-space-bar-space-bar, add-on start
    /// bar-space-bar (1, 1, 2) and add-on delineator space-bar (1, 1).
    static let normalGuard = [1, 1, 1]
    static let centreGuard = [1, 1, 1, 1, 1]
    static let upcEGuard = [1, 1, 1, 1, 1, 1]
    static let addOnStart = [1, 1, 2]

    /// Minimum quiet zones in modules (ISO/IEC 15420; GS1 GenSpecs §5.2):
    /// EAN-13 11 left, 7 right; UPC-A 9/9; EAN-8 7/7; UPC-E 9/7; add-on 7–12 gap, 5 right.
    static let addOnGapMin = 7
    static let addOnGapMax = 12
}
