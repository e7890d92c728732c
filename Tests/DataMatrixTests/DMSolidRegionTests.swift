import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// A region dark along all four sides is no finder candidate: in the negative image a light label's paper
/// is such a region, holding the bars or the symbol printed on it, and scoring its hypotheses for every
/// size cost the inverted pass most of its time on photos of labels.
struct DMSolidRegionTests {
    /// A 120 × 80 dark rectangle with light text-like marks inside (its edges untouched).
    @Test func aSolidRectangleIsNoCandidate() {
        var m = BitMatrix(width: 160, height: 120)
        for y in 20..<100 {
            for x in 20..<140 { m[x, y] = true }
        }
        for y in stride(from: 30, to: 90, by: 12) {
            for x in stride(from: 32, to: 128, by: 9) {
                for dy in 0..<6 { for dx in 0..<5 where (dx + dy) % 3 != 0 { m[x + dx, y + dy] = false } }
            }
        }
        #expect(DMDetector.candidates(m).isEmpty)
    }

    /// A symbol's timing sides are dark along about half their length: it stays a candidate, also with
    /// its light modules on the timing sides backed by dark data modules (small modules, long sides).
    @Test(.enabled(if: Zint.available)) func aSymbolStaysACandidate() throws {
        for (text, scale) in [("LOT-748491", 4.0), (String(repeating: "0123456789", count: 20), 1.0)] {
            let image = try Zint.dataMatrix.render(text, [], scale: scale).padded(12)
            let matrix = FrameContext(image: image).binarized(.local)
            #expect(!DMDetector.candidates(matrix).isEmpty, "\(text.count) characters at scale \(scale)")
            let read = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
            #expect(read.map(\.rawValue) == [text])
        }
    }
}
