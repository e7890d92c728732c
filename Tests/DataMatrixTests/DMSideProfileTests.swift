import ScanCore
import Testing

@testable import DataMatrix

/// The finder bar's thickness from the runs inward from a side: a run still dark where the profile stops
/// (a third of the side in) measured no bar, and is not among the runs that `ended`, so that dark data
/// modules merging with the bar along most of it do not make the bar look several modules thick.
struct DMSideProfileTests {
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
