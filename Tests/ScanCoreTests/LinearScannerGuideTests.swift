import Testing

@testable import ScanCore

/// ``LinearScanner/Guide/Family/explains(_:_:reads:in:)``: a line stops trying further sources only when its
/// reads cover every candidate block it meets, so a second symbol on the line is still read; and
/// ``LinearScanner/Guide/Family/segments(_:_:)``: the stretches of a line that are read.
struct LinearScannerGuideTests {
    /// Rows of a 640 × 64 frame; blocks (16 pixels) at columns 2–5 and 30–33 of block row 1 (pixels
    /// 32–95 and 480–543 across rows 16–31), scanned at 0°.
    let lines = LinearScanner.LineSet(.rows, width: 640, height: 64)
    var family: LinearScanner.Guide.Family {
        let blocks = (Array(2...5) + Array(30...33)).map { CandidateMap.LinearBlock(x: $0, y: 1, angle: 0) }
        return LinearScanner.Guide(blocks).family(lines)
    }

    @Test func aReadOfOneOfTwoSymbolsOnALineExplainsOnlyItsOwnBlocks() {
        // Row 24 meets both groups of blocks; a read over pixels 30…100 explains the first only.
        #expect(!family.explains(lines, 24, reads: [30...100], in: 0..<640))
        #expect(family.explains(lines, 24, reads: [30...100, 470...550], in: 0..<640))
    }

    @Test func aReadExplainsBlocksWithinABlocksSideOfItsEnds() {
        // Blocks span pixels 32…96 and 480…544: a read 16 pixels short of each end still explains them,
        // one 17 pixels short does not.
        #expect(family.explains(lines, 24, reads: [48...80, 496...528], in: 0..<640))
        #expect(!family.explains(lines, 24, reads: [49...80, 496...528], in: 0..<640))
    }

    @Test func aLineThatMeetsNoBlockIsExplainedByNothing() {
        // Row 60 lies more than a block from block row 1 (centre 24, reach 8, plus 16).
        #expect(family.explains(lines, 60, reads: [], in: 0..<640))
        #expect(!family.explains(lines, 24, reads: [], in: 0..<640))
    }

    @Test func aReadExplainsOnlyTheBlocksOfTheStretchItIsAskedAbout() {
        // The first group's read explains its stretch, though the second group is unread.
        #expect(family.explains(lines, 24, reads: [30...100], in: 0..<300))
        #expect(!family.explains(lines, 24, reads: [30...100], in: 0..<640))
    }

    /// Rows of a 2000-pixel-wide frame with blocks at the given block columns of block row 1.
    func segments(_ columns: [Int]) -> [Range<Int>] {
        let wide = LinearScanner.LineSet(.rows, width: 2000, height: 64)
        let blocks = columns.map { CandidateMap.LinearBlock(x: $0, y: 1, angle: 0) }
        return LinearScanner.Guide(blocks).family(wide).segments(wide, 24)
    }

    @Test func runsOfBlocksFarApartOnALineAreReadAsSeparateStretches() {
        // Pixels 32…96 and 1600…1664: each run's stretch reaches 64 + 3 × 64 pixels past its ends.
        #expect(segments(Array(2...5) + Array(100...103)) == [0..<352, 1344..<1920])
    }

    @Test func aBlockInsideARunsStretchJoinsTheRun() {
        // Block 20 (pixels 320…336) lies inside the stretch of pixels 32…96 (up to 352): one run of
        // 32…336, whose stretch reaches 64 + 3 × 304 pixels past its ends.
        #expect(segments(Array(2...5) + [20]) == [0..<1312])
    }

    @Test func overlappingStretchesAreReadAsOne() {
        // Pixels 32…96 (stretch to 352) and 480…544 (stretch from 224): one stretch.
        #expect(segments(Array(2...5) + Array(30...33)) == [0..<800])
    }

    @Test func aLineThatMeetsNoBlockHasNoStretch() {
        #expect(segments(Array(2...5)).count == 1)
        let wide = LinearScanner.LineSet(.rows, width: 2000, height: 64)
        let blocks = Array(2...5).map { CandidateMap.LinearBlock(x: $0, y: 1, angle: 0) }
        #expect(LinearScanner.Guide(blocks).family(wide).segments(wide, 60).isEmpty)
    }
}
