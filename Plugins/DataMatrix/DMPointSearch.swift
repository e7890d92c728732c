import ScanCore

/// The local search that corner refinement (``DMDetector/refineCorners(_:_:)``) and the region grid
/// (``DMRegionGrid/refine(_:module:)``) move their points with: one point at a time goes to whichever of its
/// eight neighbours, ½ and then ¼ module away, scores best, up to four moves for each step size.
enum DMPointSearch {
    /// Moves `points[k]` to a neighbour while one scores more than `best` + `margin`; `best` becomes the score
    /// of the points as left.
    ///
    /// `score(points, threshold)` scores `points` (with `points[k]` moved); it may stop counting as soon as
    /// its result cannot exceed `threshold`, returning any score not above it.
    static func move(
        _ points: inout [Point], _ k: Int, module: Double, best: inout Double, margin: Double = 0,
        score: ([Point], _ threshold: Double) -> Double
    ) {
        for step in [0.5, 0.25] {
            var rounds = 0
            var improved = true
            while improved && rounds < 4 {
                improved = false
                rounds += 1
                let start = points[k]
                var bestP = start
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        points[k] = Point(
                            start.x + Double(dx) * step * module, start.y + Double(dy) * step * module)
                        let s = score(points, best + margin)
                        if s > best + margin {
                            best = s
                            bestP = points[k]
                            improved = true
                        }
                    }
                }
                points[k] = bestP
            }
        }
    }
}
