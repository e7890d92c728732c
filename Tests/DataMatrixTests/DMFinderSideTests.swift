import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// What the detector reads off a finder candidate's sides (`DMDetector.sideProfile`): whether a region
/// is a symbol at all, and how thick its finder bars are.
///
/// A region dark along all four sides is no finder candidate: in the negative image a light label's paper
/// is such a region, holding the bars or the symbol printed on it, and scoring its hypotheses for every
/// size cost the inverted pass most of its time on photos of labels.
///
/// The finder bar's thickness comes from the runs inward from a side: a run still dark where the profile
/// stops (a third of the side in) measured no bar, and is not among the runs that `ended`, so that dark
/// data modules merging with the bar along most of it do not make the bar look several modules thick.
struct DMFinderSideTests {
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

    /// A bar 4 px thick along the top side of a 90 × 90 square, with the data below it dark along the
    /// first 80 % of the side and light after: only the last samples see the bar's own thickness.
    @Test func runsThatReachTheLimitAreLeftOut() {
        var m = BitMatrix(width: 120, height: 120)
        for x in 10..<100 {
            for y in 10..<14 { m[x, y] = true }
            if x < 82 { for y in 14..<100 { m[x, y] = true } }
        }
        let (dark, runs, ended) = DMDetector.sideProfile(
            m, Point(10, 10), Point(100, 10), centre: Point(55, 55))
        #expect(dark == 1)
        #expect(runs.count == 24)
        #expect(!ended.isEmpty && ended.count < 8)
        #expect(ended.allSatisfy { abs($0 - 4) <= 1 }, "\(ended)")
    }

    /// The bar alone in a quarter of the runs, the bar and one or two dark modules beside it in the rest
    /// (measured across the short arm of a 14 × 14 symbol at 11 px modules, sheared by 42°): the
    /// thickness is the bar's, where the lower quartile gave two modules. Two specks of light in the bar
    /// make no group.
    @Test func barThicknessIsTheShortestGroup() {
        let runs: [Double] = [
            7, 7, 7, 7, 8, 8.5, 17.5, 17.5, 17.5, 18, 18, 20, 20, 26, 26.5, 39, 47.5, 47.5, 57, 57, 57, 57, 57,
            66.5,
        ]
        #expect(DMDetector.barThickness(runs) == 7)
        #expect(DMDetector.barThickness([2, 3] + Array(repeating: 12.5, count: 20)) == 12.5)
        #expect(DMDetector.barThickness([4, 9, 15, 22, 31]) == nil)
    }
}
