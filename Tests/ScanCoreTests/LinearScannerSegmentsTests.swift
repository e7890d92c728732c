import Testing

@testable import ScanCore

/// ``LinearScanner/Guide/Family/segments(_:_:)``: a line is read over each group of the candidate blocks
/// it meets, grown by ``LinearScanner/Guide/margin`` and three times the group's extent on each side;
/// groups whose stretches overlap are read as one.
struct LinearScannerSegmentsTests {
    /// Row 24 of a frame `width` pixels wide, with 16-pixel blocks at `columns` of block row 1.
    func segments(width: Int, columns: [Int]) -> [Range<Int>] {
        let lines = LinearScanner.LineSet(.rows, width: width, height: 64)
        let blocks = columns.map { CandidateMap.LinearBlock(x: $0, y: 1, angle: 0) }
        return LinearScanner.Guide(blocks).family(lines).segments(lines, 24)
    }

    @Test func oneGroupIsReadOverItsExtentAndMargins() {
        // Blocks at columns 40–43: pixels 640…704, extent 64, grown by 64 + 192 on each side.
        #expect(segments(width: 4000, columns: Array(40...43)) == [384..<960])
    }

    @Test func groupsFarApartAreReadOnTheirOwn() {
        // A second group at columns 200–201 (pixels 3200…3232, grown by 64 + 96): the line between is not read.
        #expect(segments(width: 4000, columns: Array(40...43) + [200, 201]) == [384..<960, 3040..<3392])
    }

    @Test func groupsThatReachEachOtherAreOneGroup() {
        // Columns 40–43 and 60–61 (pixels 960…992): their stretches overlap, so they are one group from
        // pixel 640 to 992, grown by 64 + 3 × 352 on each side and clipped to the line.
        #expect(segments(width: 4000, columns: Array(40...43) + [60, 61]) == [0..<2112])
    }

    @Test func aLineThatMeetsNoBlockHasNone() {
        let lines = LinearScanner.LineSet(.rows, width: 4000, height: 64)
        let family = LinearScanner.Guide([CandidateMap.LinearBlock(x: 40, y: 1, angle: 0)]).family(lines)
        #expect(family.segments(lines, 60).isEmpty)
    }
}
