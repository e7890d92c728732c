import ScanCore
import Testing

@testable import QRCode

/// The penalty rules of ISO/IEC 18004:2015 §7.8.3.1 (Table 11) on small hand-made matrices, and the mask
/// choice they drive.
struct QRMaskPenaltyTests {
    func matrix(_ rows: [String]) -> BitMatrix {
        let w = rows.first?.count ?? 0
        return BitMatrix(width: w, height: rows.count, bits: rows.flatMap { $0.map { $0 == "#" ? 1 : 0 } })
    }

    @Test func rule1AdjacentModulesOfOneColour() {
        // One row of seven dark: a run of 5 + 2 → 3 + 2; the columns are one module long.
        #expect(QRMaskPenalty.adjacentRuns(matrix(["#######"])) == 5)
        // 5 × 5 light: five rows and five columns, each a run of 5 → 10 × 3.
        #expect(QRMaskPenalty.adjacentRuns(matrix(Array(repeating: ".....", count: 5))) == 30)
        // Runs of four score nothing.
        #expect(QRMaskPenalty.adjacentRuns(matrix(["####.####"])) == 0)
        // Two runs in one row: 6 light (3 + 1) and 5 dark (3).
        #expect(QRMaskPenalty.adjacentRuns(matrix(["......#####"])) == 7)
    }

    @Test func rule2BlocksOfOneColour() {
        // A 3 × 3 dark block: 3 × (3 − 1) × (3 − 1) = 12.
        #expect(QRMaskPenalty.blocks(matrix(["###", "###", "###"])) == 12)
        // A checkerboard has no block.
        #expect(QRMaskPenalty.blocks(matrix(["#.#.", ".#.#", "#.#.", ".#.#"])) == 0)
        // One light 2 × 2 and one dark 2 × 2 block.
        #expect(QRMaskPenalty.blocks(matrix(["..#", "..#", "##.", "##."])) == 6)
    }

    @Test func rule3FinderLikePatterns() {
        // 1:1:3:1:1 then four light modules.
        #expect(QRMaskPenalty.finderLikePatterns(matrix(["#.###.#...."])) == 40)
        // Four light modules before it (counted once although both sides are light).
        #expect(QRMaskPenalty.finderLikePatterns(matrix(["....#.###.#...."])) == 40)
        // At the symbol's edge the quiet zone is the light area.
        #expect(QRMaskPenalty.finderLikePatterns(matrix(["#.###.#"])) == 40)
        // Dark modules right before and after: no light area, no penalty.
        #expect(QRMaskPenalty.finderLikePatterns(matrix(["##.###.##"])) == 0)
        // The same pattern in a column.
        #expect(
            QRMaskPenalty.finderLikePatterns(matrix(["#", ".", "#", "#", "#", ".", "#", ".", ".", ".", "#"])) == 40)
    }

    @Test func rule4ProportionOfDarkModules() {
        #expect(QRMaskPenalty.darkProportion(matrix(["###.......", ".........."])) == 70)  // 15 %: 35 off → k 7
        #expect(QRMaskPenalty.darkProportion(matrix(["###......."])) == 40)  // 30 %
        #expect(QRMaskPenalty.darkProportion(matrix(["####......"])) == 20)  // 40 %
        #expect(QRMaskPenalty.darkProportion(matrix(["#####....."])) == 0)  // 50 %
        #expect(QRMaskPenalty.darkProportion(matrix(["#########..........."])) == 10)  // 45 %: k = 1
        #expect(QRMaskPenalty.darkProportion(matrix(["##########.........."])) == 0)
    }

    @Test func totalAddsTheFourRules() {
        let m = matrix(["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"])
        #expect(
            QRMaskPenalty.total(m)
                == QRMaskPenalty.adjacentRuns(m) + QRMaskPenalty.blocks(m) + QRMaskPenalty.finderLikePatterns(m)
                + QRMaskPenalty.darkProportion(m))
        // A finder pattern alone: rows 0 and 6 and columns 0 and 6 are runs of 7 (4 × 5), rows 1 and 5 and
        // columns 1 and 5 hold a light run of 5 (4 × 3); the 3 × 3 core
        // holds four 2 × 2 blocks (12); rows 2–4 and columns 2–4 are 1:1:3:1:1 with the quiet zone
        // around (6 × 40); 33 of 49 dark = 67 %, 17 % off → k 3 (30).
        #expect(QRMaskPenalty.adjacentRuns(m) == 32)
        #expect(QRMaskPenalty.blocks(m) == 12)
        #expect(QRMaskPenalty.finderLikePatterns(m) == 240)
        #expect(QRMaskPenalty.darkProportion(m) == 30)
    }

    /// For fixed inputs the chosen mask is the one of the lowest total penalty (the lowest reference on
    /// a tie), and the penalties of the eight masks are what the rules give.
    @Test(arguments: [
        "01234567", "HELLO WORLD", "https://example.com/scanctl?q=1", String(repeating: "QR Code 2015 ", count: 20),
    ])
    func chosenMaskHasTheLowestPenalty(text: String) throws {
        let symbol = try #require(
            try QRCodeEncoder().encode(.text(text), format: .qrcode, options: EncodeOptions()).first)
        let version = try #require(QRVersion.version(Int(symbol.metadata["version"] ?? "") ?? 0))
        let level = QRErrorCorrectionLevel.m
        let segments = QRSegmenter.segments(Array(text.utf8), versionRange: QRMode.versionRange(version.number))
        let data = try QRBitStream.dataCodewords(segments, header: .init(), version: version, level: level)
        let codewords = QRDataBlocks.interleave(data, version: version, level: level)
        let penalties = (0..<8).map {
            QRMaskPenalty.total(QRSymbolBuilder.matrix(codewords, version: version, level: level, mask: $0))
        }
        let best = try #require(penalties.indices.min { penalties[$0] < penalties[$1] })
        #expect(symbol.metadata["mask"] == String(best))
        #expect(symbol.modules == QRSymbolBuilder.matrix(codewords, version: version, level: level, mask: best))
    }

    /// The eight penalties of the Annex I example, as the rules score them.
    @Test func annexExamplePenalties() throws {
        let version = QRVersion.all[0]
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let codewords = QRDataBlocks.interleave(data, version: version, level: .m)
        let penalties = (0..<8).map {
            QRMaskPenalty.total(QRSymbolBuilder.matrix(codewords, version: version, level: .m, mask: $0))
        }
        #expect(penalties == QRMaskPenaltyTests.annexPenalties)
    }

    /// N1 + N2 + N3 + N4 for masks 0…7: mask 2 (1037) is the lowest, the annex's choice.
    static let annexPenalties = [1057, 1093, 1037, 1052, 1130, 1197, 1099, 1046]
}
