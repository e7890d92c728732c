import Testing

@testable import ScanCore

/// ``CandidateMap/keepingLightSurrounded(in:)``: the try-invert pass reads the negative only where a group
/// of candidate blocks is darker on some side than inside in the frame (a symbol printed light on dark).
@Suite("The negative's candidate blocks: light on dark only")
struct CandidateMapSurroundTests {
    /// A 320 × 160 frame of grey `paper` with bars of `ink` 3 px wide, 3 px apart, over x 100 ..< 220,
    /// y 40 ..< 120 (linear candidate blocks there).
    static func bars(paper: UInt8, ink: UInt8) -> LuminanceImage {
        var pixels = [UInt8](repeating: paper, count: 320 * 160)
        for y in 40..<120 {
            for x in 100..<220 where (x - 100) % 6 < 3 { pixels[y * 320 + x] = ink }
        }
        return LuminanceImage(storage: pixels, width: 320, height: 160, stride: 320)
    }

    static func candidateCount(_ map: CandidateMap) -> Int {
        map.linear.indices.filter { map.linear[$0] || map.matrix[$0] }.count
    }

    /// Dark bars on light paper: their negative (what the try-invert pass reads) is light on dark, and
    /// lighter on no side than inside, so no block stays.
    @Test func darkOnLightKeepsNothingForTheNegative() {
        let frame = Self.bars(paper: 220, ink: 30)
        let map = CandidateMap.compute(frame)
        #expect(Self.candidateCount(map) > 0)
        #expect(Self.candidateCount(map.keepingLightSurrounded(in: frame.inverted())) == 0)
        // In the frame itself (dark on light) every block stays.
        #expect(map.keepingLightSurrounded(in: frame) == map)
    }

    /// Light bars on dark: their negative is dark on light, and every block stays for it.
    @Test func lightOnDarkKeepsItsBlocksForTheNegative() {
        let frame = Self.bars(paper: 30, ink: 220)
        let map = CandidateMap.compute(frame)
        #expect(Self.candidateCount(map) > 0)
        #expect(map.keepingLightSurrounded(in: frame.inverted()) == map)
    }

    /// Light bars on dark inside a light bearer frame (as an ITF-14 printed light on dark): the frame is
    /// lighter than the bars above and below, the quiet zones darker left and right; the blocks stay.
    @Test func aLightFrameAboveAndBelowDoesNotHideTheDarkQuietZones() {
        var pixels = Self.bars(paper: 30, ink: 220).storage
        for y in 0..<160 {
            for x in 0..<320 where (y >= 20 && y < 32) || (y >= 128 && y < 140) {
                pixels[y * 320 + x] = 220
            }
        }
        let frame = LuminanceImage(storage: pixels, width: 320, height: 160, stride: 320)
        let map = CandidateMap.compute(frame)
        #expect(Self.candidateCount(map) > 0)
        #expect(map.keepingLightSurrounded(in: frame.inverted()) == map)
    }
}
