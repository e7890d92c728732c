/// QR Code error-correction levels (ISO/IEC 18004:2015 §5.3.5 and Table 12 for the two-bit indicator).
public enum QRErrorCorrectionLevel: Int, Sendable, CaseIterable, CustomStringConvertible {
    case l = 0, m, q, h

    /// The level's two bits in the format information (Table 12: L 01, M 00, Q 11, H 10).
    public var formatBits: Int { [1, 0, 3, 2][rawValue] }

    /// The level from its two format-information bits.
    public init(formatBits: Int) { self = [.m, .l, .h, .q][formatBits & 3] }

    public var description: String { ["L", "M", "Q", "H"][rawValue] }
}

/// One QR Code version (1…40): its size, alignment pattern centres and error-correction block structure.
///
/// Sources: ISO/IEC 18004:2015 Table 1 (codeword capacity per version), Table 9 (error-correction
/// characteristics: check codewords per block and the number and data size of blocks per level) and
/// Annex E Table E.1 (row/column coordinates of alignment pattern centres). Function-pattern areas follow
/// §6.3 (finder, separators, timing, alignment), §7.9 (format) and §7.10 (version information).
public struct QRVersion: Sendable {
    /// A group of blocks of equal size (Table 9: "number of error correction blocks" and "(c, k, r)").
    public struct BlockGroup: Sendable {
        public let count: Int
        public let dataCodewords: Int
    }
    /// The blocks at one error-correction level: check codewords per block and the groups.
    public struct ECBlocks: Sendable {
        public let ecCodewordsPerBlock: Int
        public let groups: [BlockGroup]
        public var blockCount: Int { groups.reduce(0) { $0 + $1.count } }
        public var dataCodewords: Int { groups.reduce(0) { $0 + $1.count * $1.dataCodewords } }
        public var totalCodewords: Int { dataCodewords + blockCount * ecCodewordsPerBlock }
    }

    public let number: Int
    /// Alignment pattern centre coordinates (Annex E), the same for rows and columns.
    public let alignmentCenters: [Int]
    /// Blocks per level, indexed by ``QRErrorCorrectionLevel/rawValue`` (L, M, Q, H).
    public let ecBlocks: [ECBlocks]

    /// Modules per side: 17 + 4 × version (§5.3.1).
    public var dimension: Int { 17 + 4 * number }

    public func blocks(_ level: QRErrorCorrectionLevel) -> ECBlocks { ecBlocks[level.rawValue] }

    /// Total codewords of the symbol (Table 1, column "number of codewords"): the same for every level.
    public var totalCodewords: Int { ecBlocks[0].totalCodewords }

    /// Version `number` (1…40), or `nil`.
    public static func version(_ number: Int) -> QRVersion? {
        (1...40).contains(number) ? all[number - 1] : nil
    }

    /// The version with `dimension` modules per side, or `nil` when no version has that size.
    public static func version(forDimension dimension: Int) -> QRVersion? {
        guard dimension % 4 == 1 else { return nil }
        return version((dimension - 17) / 4)
    }

    /// A map of the function modules (finder patterns with separators, timing patterns, alignment
    /// patterns, format information and the dark module, version information): 1 = function module,
    /// row-major `dimension × dimension`. Everything else holds data and check codeword bits.
    public func functionPatternMask() -> [UInt8] {
        let n = dimension
        var m = [UInt8](repeating: 0, count: n * n)
        func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int) {
            for y in max(0, y0)..<min(n, y0 + h) { for x in max(0, x0)..<min(n, x0 + w) { m[y * n + x] = 1 } }
        }
        fill(0, 0, 9, 9)  // top-left finder, separator, format information
        fill(n - 8, 0, 8, 9)  // top-right finder, separator, format information
        fill(0, n - 8, 9, 8)  // bottom-left finder, separator, format information, dark module
        fill(6, 0, 1, n)  // vertical timing pattern
        fill(0, 6, n, 1)  // horizontal timing pattern
        let c = alignmentCenters
        for (i, cy) in c.enumerated() {
            for (j, cx) in c.enumerated() {
                let nearFinder = (i == 0 && j == 0) || (i == 0 && j == c.count - 1) || (i == c.count - 1 && j == 0)
                if !nearFinder { fill(cx - 2, cy - 2, 5, 5) }
            }
        }
        if number >= 7 {
            fill(n - 11, 0, 3, 6)  // version information, top right
            fill(0, n - 11, 6, 3)  // version information, bottom left
        }
        return m
    }

    // MARK: - Tables

    /// (version, alignment centres, [L, M, Q, H] as (ec per block, [(blocks, data codewords)])).
    private typealias Row = (Int, [Int], [(Int, [(Int, Int)])])

    /// ISO/IEC 18004:2015 Table 9 and Annex E Table E.1, one version a line (left as it is by swift-format).
    // swift-format-ignore
    private static let rows: [Row] = [
        (1, [], [(7, [(1, 19)]), (10, [(1, 16)]), (13, [(1, 13)]), (17, [(1, 9)])]),
        (2, [6, 18], [(10, [(1, 34)]), (16, [(1, 28)]), (22, [(1, 22)]), (28, [(1, 16)])]),
        (3, [6, 22], [(15, [(1, 55)]), (26, [(1, 44)]), (18, [(2, 17)]), (22, [(2, 13)])]),
        (4, [6, 26], [(20, [(1, 80)]), (18, [(2, 32)]), (26, [(2, 24)]), (16, [(4, 9)])]),
        (5, [6, 30], [(26, [(1, 108)]), (24, [(2, 43)]), (18, [(2, 15), (2, 16)]), (22, [(2, 11), (2, 12)])]),
        (6, [6, 34], [(18, [(2, 68)]), (16, [(4, 27)]), (24, [(4, 19)]), (28, [(4, 15)])]),
        (7, [6, 22, 38], [(20, [(2, 78)]), (18, [(4, 31)]), (18, [(2, 14), (4, 15)]), (26, [(4, 13), (1, 14)])]),
        (8, [6, 24, 42], [(24, [(2, 97)]), (22, [(2, 38), (2, 39)]), (22, [(4, 18), (2, 19)]), (26, [(4, 14), (2, 15)])]),
        (9, [6, 26, 46], [(30, [(2, 116)]), (22, [(3, 36), (2, 37)]), (20, [(4, 16), (4, 17)]), (24, [(4, 12), (4, 13)])]),
        (10, [6, 28, 50], [(18, [(2, 68), (2, 69)]), (26, [(4, 43), (1, 44)]), (24, [(6, 19), (2, 20)]), (28, [(6, 15), (2, 16)])]),
        (11, [6, 30, 54], [(20, [(4, 81)]), (30, [(1, 50), (4, 51)]), (28, [(4, 22), (4, 23)]), (24, [(3, 12), (8, 13)])]),
        (12, [6, 32, 58], [(24, [(2, 92), (2, 93)]), (22, [(6, 36), (2, 37)]), (26, [(4, 20), (6, 21)]), (28, [(7, 14), (4, 15)])]),
        (13, [6, 34, 62], [(26, [(4, 107)]), (22, [(8, 37), (1, 38)]), (24, [(8, 20), (4, 21)]), (22, [(12, 11), (4, 12)])]),
        (14, [6, 26, 46, 66], [(30, [(3, 115), (1, 116)]), (24, [(4, 40), (5, 41)]), (20, [(11, 16), (5, 17)]), (24, [(11, 12), (5, 13)])]),
        (15, [6, 26, 48, 70], [(22, [(5, 87), (1, 88)]), (24, [(5, 41), (5, 42)]), (30, [(5, 24), (7, 25)]), (24, [(11, 12), (7, 13)])]),
        (16, [6, 26, 50, 74], [(24, [(5, 98), (1, 99)]), (28, [(7, 45), (3, 46)]), (24, [(15, 19), (2, 20)]), (30, [(3, 15), (13, 16)])]),
        (17, [6, 30, 54, 78], [(28, [(1, 107), (5, 108)]), (28, [(10, 46), (1, 47)]), (28, [(1, 22), (15, 23)]), (28, [(2, 14), (17, 15)])]),
        (18, [6, 30, 56, 82], [(30, [(5, 120), (1, 121)]), (26, [(9, 43), (4, 44)]), (28, [(17, 22), (1, 23)]), (28, [(2, 14), (19, 15)])]),
        (19, [6, 30, 58, 86], [(28, [(3, 113), (4, 114)]), (26, [(3, 44), (11, 45)]), (26, [(17, 21), (4, 22)]), (26, [(9, 13), (16, 14)])]),
        (20, [6, 34, 62, 90], [(28, [(3, 107), (5, 108)]), (26, [(3, 41), (13, 42)]), (30, [(15, 24), (5, 25)]), (28, [(15, 15), (10, 16)])]),
        (21, [6, 28, 50, 72, 94], [(28, [(4, 116), (4, 117)]), (26, [(17, 42)]), (28, [(17, 22), (6, 23)]), (30, [(19, 16), (6, 17)])]),
        (22, [6, 26, 50, 74, 98], [(28, [(2, 111), (7, 112)]), (28, [(17, 46)]), (30, [(7, 24), (16, 25)]), (24, [(34, 13)])]),
        (23, [6, 30, 54, 78, 102], [(30, [(4, 121), (5, 122)]), (28, [(4, 47), (14, 48)]), (30, [(11, 24), (14, 25)]), (30, [(16, 15), (14, 16)])]),
        (24, [6, 28, 54, 80, 106], [(30, [(6, 117), (4, 118)]), (28, [(6, 45), (14, 46)]), (30, [(11, 24), (16, 25)]), (30, [(30, 16), (2, 17)])]),
        (25, [6, 32, 58, 84, 110], [(26, [(8, 106), (4, 107)]), (28, [(8, 47), (13, 48)]), (30, [(7, 24), (22, 25)]), (30, [(22, 15), (13, 16)])]),
        (26, [6, 30, 58, 86, 114], [(28, [(10, 114), (2, 115)]), (28, [(19, 46), (4, 47)]), (28, [(28, 22), (6, 23)]), (30, [(33, 16), (4, 17)])]),
        (27, [6, 34, 62, 90, 118], [(30, [(8, 122), (4, 123)]), (28, [(22, 45), (3, 46)]), (30, [(8, 23), (26, 24)]), (30, [(12, 15), (28, 16)])]),
        (28, [6, 26, 50, 74, 98, 122], [(30, [(3, 117), (10, 118)]), (28, [(3, 45), (23, 46)]), (30, [(4, 24), (31, 25)]), (30, [(11, 15), (31, 16)])]),
        (29, [6, 30, 54, 78, 102, 126], [(30, [(7, 116), (7, 117)]), (28, [(21, 45), (7, 46)]), (30, [(1, 23), (37, 24)]), (30, [(19, 15), (26, 16)])]),
        (30, [6, 26, 52, 78, 104, 130], [(30, [(5, 115), (10, 116)]), (28, [(19, 47), (10, 48)]), (30, [(15, 24), (25, 25)]), (30, [(23, 15), (25, 16)])]),
        (31, [6, 30, 56, 82, 108, 134], [(30, [(13, 115), (3, 116)]), (28, [(2, 46), (29, 47)]), (30, [(42, 24), (1, 25)]), (30, [(23, 15), (28, 16)])]),
        (32, [6, 34, 60, 86, 112, 138], [(30, [(17, 115)]), (28, [(10, 46), (23, 47)]), (30, [(10, 24), (35, 25)]), (30, [(19, 15), (35, 16)])]),
        (33, [6, 30, 58, 86, 114, 142], [(30, [(17, 115), (1, 116)]), (28, [(14, 46), (21, 47)]), (30, [(29, 24), (19, 25)]), (30, [(11, 15), (46, 16)])]),
        (34, [6, 34, 62, 90, 118, 146], [(30, [(13, 115), (6, 116)]), (28, [(14, 46), (23, 47)]), (30, [(44, 24), (7, 25)]), (30, [(59, 16), (1, 17)])]),
        (35, [6, 30, 54, 78, 102, 126, 150], [(30, [(12, 121), (7, 122)]), (28, [(12, 47), (26, 48)]), (30, [(39, 24), (14, 25)]), (30, [(22, 15), (41, 16)])]),
        (36, [6, 24, 50, 76, 102, 128, 154], [(30, [(6, 121), (14, 122)]), (28, [(6, 47), (34, 48)]), (30, [(46, 24), (10, 25)]), (30, [(2, 15), (64, 16)])]),
        (37, [6, 28, 54, 80, 106, 132, 158], [(30, [(17, 122), (4, 123)]), (28, [(29, 46), (14, 47)]), (30, [(49, 24), (10, 25)]), (30, [(24, 15), (46, 16)])]),
        (38, [6, 32, 58, 84, 110, 136, 162], [(30, [(4, 122), (18, 123)]), (28, [(13, 46), (32, 47)]), (30, [(48, 24), (14, 25)]), (30, [(42, 15), (32, 16)])]),
        (39, [6, 26, 54, 82, 110, 138, 166], [(30, [(20, 117), (4, 118)]), (28, [(40, 47), (7, 48)]), (30, [(43, 24), (22, 25)]), (30, [(10, 15), (67, 16)])]),
        (40, [6, 30, 58, 86, 114, 142, 170], [(30, [(19, 118), (6, 119)]), (28, [(18, 47), (31, 48)]), (30, [(34, 24), (34, 25)]), (30, [(20, 15), (61, 16)])]),
    ]

    /// All 40 versions, built once from ``rows``.
    public static let all: [QRVersion] = rows.map { row in
        QRVersion(
            number: row.0, alignmentCenters: row.1,
            ecBlocks: row.2.map { ec in
                ECBlocks(ecCodewordsPerBlock: ec.0, groups: ec.1.map { BlockGroup(count: $0.0, dataCodewords: $0.1) })
            })
    }
}
