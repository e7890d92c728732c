import Testing

@testable import ScanCore

struct WideNarrowClassifierTests {
    /// Narrow 3 px and wide 7 px, with every bar 1 px wider and every space 1 px narrower (ink spread):
    /// the correction recovers 3 and 7.
    @Test func correctsInkSpread() throws {
        let w: [Double] = [8, 2, 4, 2, 4, 6, 4, 2, 8]
        let r = try #require(WideNarrowClassifier.classify(w, at: 0, count: 9, wideCount: 3))
        #expect(r.pattern == 0b1_0000_1001)
        #expect(abs(r.narrow - 3) < 1e-9)
        #expect(abs(r.wide - 7) < 1e-9)
        #expect(abs(r.separation - 7.0 / 3.0) < 1e-9)
    }

    /// Seven elements at an offset inside a longer line, two wide.
    @Test func readsAtAnOffset() throws {
        let w: [Double] = [50, 2, 2, 2, 5, 5, 2, 2, 9]
        let r = try #require(WideNarrowClassifier.classify(w, at: 1, count: 7, wideCount: 2))
        #expect(r.pattern == 0b0001_100)
        #expect(abs(r.separation - 2.5) < 1e-9)
    }

    /// Equal widths: the earlier elements count as wide and the separation shows the tie.
    @Test func tiesGoToTheEarlierElement() throws {
        let r = try #require(WideNarrowClassifier.classify([3, 3, 3, 3, 3, 3, 3], at: 0, count: 7, wideCount: 2))
        #expect(r.pattern == 0b1100000)
        #expect(r.separation == 1)
    }

    @Test func rejectsTooFewElementsAndEmptyNarrows() {
        #expect(WideNarrowClassifier.classify([1, 2, 3], at: 1, count: 3, wideCount: 1) == nil)
        #expect(WideNarrowClassifier.classify([4, 0, 0, 0, 4], at: 0, count: 5, wideCount: 2) == nil)
        #expect(WideNarrowClassifier.classify([4, 1, 1], at: 0, count: 3, wideCount: 3) == nil)
    }
}
