/// The ordinary least-squares line y = intercept + slope · x through points (x, y): the regression of y on
/// x, for quantities known exactly at x (a scan line's index) and measured with noise in y (a position
/// along the line). The sums are taken about the means, so large coordinates keep their precision.
public struct RegressionLine: Equatable, Sendable {
    public var slope: Double
    public var intercept: Double

    /// The line's y at `x`.
    public func callAsFunction(_ x: Double) -> Double { intercept + slope * x }
}

extension RegressionLine {
    /// The line through `points`; a level line through their mean when the spread of their x
    /// (Σ (x − x̄)²) is under `minimumSpread` or zero. Nil when `points` is empty.
    public init?(_ points: [(x: Double, y: Double)], minimumSpread: Double = 0) {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sxy = 0.0
        for (x, y) in points {
            sxx += (x - mx) * (x - mx)
            sxy += (x - mx) * (y - my)
        }
        let slope = sxx >= minimumSpread && sxx > 0 ? sxy / sxx : 0
        self.init(slope: slope, intercept: my - slope * mx)
    }
}
