import Testing

@testable import ScanCore

/// ``LinearScanner/Guide/Family/explains(_:_:reads:)``: a line stops trying further sources only when its
/// reads cover every candidate block it meets, so a second symbol on the line is still read.
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
        #expect(!family.explains(lines, 24, reads: [30...100]))
        #expect(family.explains(lines, 24, reads: [30...100, 470...550]))
    }

    @Test func aReadExplainsBlocksWithinABlocksSideOfItsEnds() {
        // Blocks span pixels 32…96 and 480…544: a read 16 pixels short of each end still explains them,
        // one 17 pixels short does not.
        #expect(family.explains(lines, 24, reads: [48...80, 496...528]))
        #expect(!family.explains(lines, 24, reads: [49...80, 496...528]))
    }

    @Test func aLineThatMeetsNoBlockIsExplainedByNothing() {
        // Row 60 lies more than a block from block row 1 (centre 24, reach 8, plus 16).
        #expect(family.explains(lines, 60, reads: []))
        #expect(!family.explains(lines, 24, reads: []))
    }
}
