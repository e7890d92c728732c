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

    /// ``WideNarrowClassifier/widest(_:spread:wideCount:)`` against taking the widest remaining element
    /// `wideCount` times (the earlier one on ties): the same set, the same sum (added largest first) and
    /// the same least width, on widths drawn from a few values (many ties) and from a range, with and
    /// without a spread.
    @Test func widestIsRepeatedMaximumSelection() {
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for trial in 0..<4000 {
            let count = [7, 9, 5, 12][trial % 4]
            let wideCount = 1 + Int(next() % UInt64(min(4, count - 1)))
            let w: [Double] = (0..<count).map { _ in
                trial % 2 == 0 ? Double(1 + next() % 4) : 1 + Double(next() % 1000) / 100
            }
            let spread = trial % 3 == 0 ? 0 : Double(next() % 100) / 100 - 0.5
            var set = 0, sum = 0.0, least = 0.0
            for _ in 0..<wideCount {
                var best = -1
                var bestValue = -Double.infinity
                for k in 0..<count where set & (1 << k) == 0 {
                    let v = k % 2 == 0 ? w[k] - spread : w[k] + spread
                    if v > bestValue {
                        bestValue = v
                        best = k
                    }
                }
                set |= 1 << best
                sum += bestValue
                least = bestValue
            }
            let got = w.withUnsafeBufferPointer {
                WideNarrowClassifier.widest($0, spread: spread, wideCount: wideCount)
            }
            #expect(got.set == set && got.sum == sum && got.least == least, "widths \(w), spread \(spread)")
        }
    }
}
