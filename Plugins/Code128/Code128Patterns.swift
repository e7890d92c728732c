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

    /// The symbol value whose edge distances are `a`, `b`, `c`, `d` (modules), or nil: a character table
    /// lookup as in §6.2 step 3. Every character's distances are unique, each 2…7.
    @inline(__always)
    static func value(edges a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int? {
        guard (2...7).contains(a), (2...7).contains(b), (2...7).contains(c), (2...7).contains(d) else { return nil }
        let v = valueByEdgeKey[((a * 8 + b) * 8 + c) * 8 + d]
        return v < 0 ? nil : Int(v)
    }

    /// ``value(edges:_:_:_:)`` as a flat table over distances 0…7 each (−1: none), filled from ``edges``.
    static let valueByEdgeKey: [Int8] = {
        var table = [Int8](repeating: -1, count: 8 * 8 * 8 * 8)
        for (v, e) in edges.enumerated() { table[((e.0 * 8 + e.1) * 8 + e.2) * 8 + e.3] = Int8(v) }
        return table
    }()
}
