/// The Code 128 symbol characters (ISO/IEC 15417:2007, Table 1 "Code 128 character set").
///
/// Each character is three bars and three spaces, 11 modules in all, element widths 1–4 modules, with an
/// even number of bar modules. Values 0–102 are data and function characters, 103–105 the start
/// characters A, B and C, and 106 the stop character, whose six elements are followed by a final 2-module
/// bar (13 modules in all, §4.3.3).
enum Code128Patterns {
    static let startA = 103
    static let startB = 104
    static let startC = 105
    static let stop = 106

    /// Element widths in modules (bar, space, bar, space, bar, space), indexed by symbol value
    /// (ISO/IEC 15417 Table 1). The stop character's entry holds its first six elements.
    static let widths: [[Int]] = [
        [2, 1, 2, 2, 2, 2], [2, 2, 2, 1, 2, 2], [2, 2, 2, 2, 2, 1], [1, 2, 1, 2, 2, 3], [1, 2, 1, 3, 2, 2],  // 0
        [1, 3, 1, 2, 2, 2], [1, 2, 2, 2, 1, 3], [1, 2, 2, 3, 1, 2], [1, 3, 2, 2, 1, 2], [2, 2, 1, 2, 1, 3],  // 5
        [2, 2, 1, 3, 1, 2], [2, 3, 1, 2, 1, 2], [1, 1, 2, 2, 3, 2], [1, 2, 2, 1, 3, 2], [1, 2, 2, 2, 3, 1],  // 10
        [1, 1, 3, 2, 2, 2], [1, 2, 3, 1, 2, 2], [1, 2, 3, 2, 2, 1], [2, 2, 3, 2, 1, 1], [2, 2, 1, 1, 3, 2],  // 15
        [2, 2, 1, 2, 3, 1], [2, 1, 3, 2, 1, 2], [2, 2, 3, 1, 1, 2], [3, 1, 2, 1, 3, 1], [3, 1, 1, 2, 2, 2],  // 20
        [3, 2, 1, 1, 2, 2], [3, 2, 1, 2, 2, 1], [3, 1, 2, 2, 1, 2], [3, 2, 2, 1, 1, 2], [3, 2, 2, 2, 1, 1],  // 25
        [2, 1, 2, 1, 2, 3], [2, 1, 2, 3, 2, 1], [2, 3, 2, 1, 2, 1], [1, 1, 1, 3, 2, 3], [1, 3, 1, 1, 2, 3],  // 30
        [1, 3, 1, 3, 2, 1], [1, 1, 2, 3, 1, 3], [1, 3, 2, 1, 1, 3], [1, 3, 2, 3, 1, 1], [2, 1, 1, 3, 1, 3],  // 35
        [2, 3, 1, 1, 1, 3], [2, 3, 1, 3, 1, 1], [1, 1, 2, 1, 3, 3], [1, 1, 2, 3, 3, 1], [1, 3, 2, 1, 3, 1],  // 40
        [1, 1, 3, 1, 2, 3], [1, 1, 3, 3, 2, 1], [1, 3, 3, 1, 2, 1], [3, 1, 3, 1, 2, 1], [2, 1, 1, 3, 3, 1],  // 45
        [2, 3, 1, 1, 3, 1], [2, 1, 3, 1, 1, 3], [2, 1, 3, 3, 1, 1], [2, 1, 3, 1, 3, 1], [3, 1, 1, 1, 2, 3],  // 50
        [3, 1, 1, 3, 2, 1], [3, 3, 1, 1, 2, 1], [3, 1, 2, 1, 1, 3], [3, 1, 2, 3, 1, 1], [3, 3, 2, 1, 1, 1],  // 55
        [3, 1, 4, 1, 1, 1], [2, 2, 1, 4, 1, 1], [4, 3, 1, 1, 1, 1], [1, 1, 1, 2, 2, 4], [1, 1, 1, 4, 2, 2],  // 60
        [1, 2, 1, 1, 2, 4], [1, 2, 1, 4, 2, 1], [1, 4, 1, 1, 2, 2], [1, 4, 1, 2, 2, 1], [1, 1, 2, 2, 1, 4],  // 65
        [1, 1, 2, 4, 1, 2], [1, 2, 2, 1, 1, 4], [1, 2, 2, 4, 1, 1], [1, 4, 2, 1, 1, 2], [1, 4, 2, 2, 1, 1],  // 70
        [2, 4, 1, 2, 1, 1], [2, 2, 1, 1, 1, 4], [4, 1, 3, 1, 1, 1], [2, 4, 1, 1, 1, 2], [1, 3, 4, 1, 1, 1],  // 75
        [1, 1, 1, 2, 4, 2], [1, 2, 1, 1, 4, 2], [1, 2, 1, 2, 4, 1], [1, 1, 4, 2, 1, 2], [1, 2, 4, 1, 1, 2],  // 80
        [1, 2, 4, 2, 1, 1], [4, 1, 1, 2, 1, 2], [4, 2, 1, 1, 1, 2], [4, 2, 1, 2, 1, 1], [2, 1, 2, 1, 4, 1],  // 85
        [2, 1, 4, 1, 2, 1], [4, 1, 2, 1, 2, 1], [1, 1, 1, 1, 4, 3], [1, 1, 1, 3, 4, 1], [1, 3, 1, 1, 4, 1],  // 90
        [1, 1, 4, 1, 1, 3], [1, 1, 4, 3, 1, 1], [4, 1, 1, 1, 1, 3], [4, 1, 1, 3, 1, 1], [1, 1, 3, 1, 4, 1],  // 95
        [1, 1, 4, 1, 3, 1], [3, 1, 1, 1, 4, 1], [4, 1, 1, 1, 3, 1], [2, 1, 1, 4, 1, 2], [2, 1, 1, 2, 1, 4],  // 100
        [2, 1, 1, 2, 3, 2], [2, 3, 3, 1, 1, 1],  // 105: start C; 106: stop (then a final 2-module bar)
    ]

    /// Width of the stop character's final bar in modules (§4.3.3).
    static let stopFinalBar = 2

    /// Edge-to-similar-edge distances of each character in modules (ISO/IEC 15417 §6.2 reference decode):
    /// e1 = bar1 + space1, e2 = space1 + bar2, e3 = bar2 + space2, e4 = space2 + bar3, each 2…7.
    /// They do not change when ink spread widens every bar by the same amount.
    static let edges: [(Int, Int, Int, Int)] = widths.map { w in (w[0] + w[1], w[1] + w[2], w[2] + w[3], w[3] + w[4]) }

    /// Symbol value for edge distances, for the characters whose distances are unique; filled from
    /// ``edges`` (a character table lookup as in §6.2 step 3).
    static let valueByEdges: [Int: Int] = {
        var table: [Int: Int] = [:]
        for (v, e) in edges.enumerated() { table[key(e.0, e.1, e.2, e.3)] = v }
        return table
    }()

    @inline(__always)
    static func key(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int { ((a * 8 + b) * 8 + c) * 8 + d }
}
