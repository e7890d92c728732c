import Testing

@testable import ScanCore

/// ``RegressionLine``: y on x by ordinary least squares.
@Suite("Regression line")
struct RegressionLineTests {
    @Test func throughPointsOnALine() throws {
        let line = try #require(RegressionLine([(0, 1), (1, 3), (2, 5), (3, 7)]))
        #expect(line == RegressionLine(slope: 2, intercept: 1))
        #expect(line(10) == 21)
    }

    /// Noise in y is averaged: (0, 0), (1, 2), (2, 1), (3, 3) gives slope 0.8 and intercept 0.3.
    @Test func throughScatteredPoints() throws {
        let line = try #require(RegressionLine([(0, 0), (1, 2), (2, 1), (3, 3)]))
        #expect(abs(line.slope - 0.8) < 1e-12 && abs(line.intercept - 0.3) < 1e-12)
    }

    /// Far from the origin the centred sums keep the slope exact.
    @Test func farFromTheOrigin() throws {
        let line = try #require(RegressionLine([(1e8, 5), (1e8 + 1, 5.5), (1e8 + 2, 6)]))
        #expect(line.slope == 0.5)
    }

    @Test func levelWhenTheXSpreadIsTooSmall() throws {
        #expect(RegressionLine([(2, 1), (2, 3)]) == RegressionLine(slope: 0, intercept: 2))
        // Spread 0.5 (x 0 and 1) under a minimum of 1.
        #expect(RegressionLine([(0, 0), (1, 4)], minimumSpread: 1) == RegressionLine(slope: 0, intercept: 2))
        #expect(RegressionLine([]) == nil)
    }
}
