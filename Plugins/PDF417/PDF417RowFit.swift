import Foundation
import ScanCore

/// Row position along an edge: row = (a + b·y) / (1 + c·y), fitted to (y, row) observations by linear
/// least squares after dropping outliers.
///
/// A row indicator read with the right cluster but a wrong value names a far-away row; a first line
/// through the median of pairwise slopes (Theil–Sen) sets those aside before any least-squares fit
/// (the projective one weighted so that it minimises row residuals). The
/// projective term c is kept only when six or more rows were seen and it fits clearly better than a
/// straight line: each observation places its row only to within half a row, and a perspective term
/// fitted to that noise bends the extrapolated ends of a partly seen edge by rows.
struct RowFit {
    var a = 0.0, b = 0.0, c = 0.0

    /// Fitted to (y, row index) observations, each placing the middle of its row.
    init?(_ observations: [(Double, Int)]) {
        self.init(centres: observations.map { ($0.0, Double($0.1) + 0.5) })
    }

    /// Fitted to (y, row coordinate) observations (row r spans [r, r + 1)).
    init?(centres observations: [(Double, Double)]) {
        var obs = observations
        guard obs.count >= 4, let (a0, b0) = RowFit.medianLine(obs) else { return nil }
        // A straight line misses the ends of a strongly foreshortened edge by rows: the bound grows with the
        // median residual, while a misread indicator names a row tens of rows away.
        let residuals = obs.map { abs(a0 + b0 * $0.0 - $0.1) }
        let bound = max(1.5, 4 * residuals.sorted()[residuals.count / 2])
        obs = zip(obs, residuals).filter { $0.1 < bound }.map(\.0)
        guard obs.count >= 4 else { return nil }
        for round in 0..<3 {
            let distinct = Set(obs.map { Int($0.1) }).count
            guard distinct >= 2, let line = RowFit.solve(obs, projective: false) else { return nil }
            var f = line
            if distinct >= 6, var p = RowFit.solve(obs, projective: true) {
                // Each equation weighted by 1 / (1 + c·y) from the previous solution: row residuals, not
                // residuals scaled by the denominator.
                for _ in 0..<2 {
                    guard let q = RowFit.solve(obs, projective: true, weightedBy: p.2) else { break }
                    p = q
                }
                if RowFit.rms(p, obs) < 0.9 * RowFit.rms(line, obs) { f = p }
            }
            (a, b, c) = f
            if round == 2 { break }
            let kept = obs.filter { abs(row(atY: $0.0) - $0.1) < (round == 0 ? 1.5 : 0.9) }
            if kept.count == obs.count || kept.count < 4 { break }
            obs = kept
        }
        guard b.isFinite, abs(b) > 1e-9 else { return nil }
    }

    /// Root-mean-square row residual of fit `f` over `obs`.
    static func rms(_ f: (Double, Double, Double), _ obs: [(Double, Double)]) -> Double {
        var sum = 0.0
        for (y, r) in obs {
            let d = (f.0 + f.1 * y) / (1 + f.2 * y) - r
            sum += d.isFinite ? d * d : 1e9
        }
        return (sum / Double(max(1, obs.count))).squareRoot()
    }

    /// A straight line row = a + b·y through the median of the slopes between observations far apart in
    /// y (each paired with the one half the list further on, and a third), and the median intercept.
    static func medianLine(_ observations: [(Double, Double)]) -> (Double, Double)? {
        let obs = observations.sorted { $0.0 < $1.0 }
        let n = obs.count
        var slopes: [Double] = []
        for offset in Set([n / 2, n / 3]) where offset > 0 {
            for i in 0..<(n - offset) {
                let (y0, r0) = obs[i], (y1, r1) = obs[i + offset]
                if y1 - y0 > 1e-9 { slopes.append((r1 - r0) / (y1 - y0)) }
            }
        }
        guard !slopes.isEmpty else { return nil }
        slopes.sort()
        let b = slopes[slopes.count / 2]
        let intercepts = obs.map { $0.1 - b * $0.0 }.sorted()
        return (intercepts[intercepts.count / 2], b)
    }

    func row(atY y: Double) -> Double { (a + b * y) / (1 + c * y) }
    /// The y at which the fitted row coordinate is `r`.
    func y(atRow r: Double) -> Double { (r - a) / (b - c * r) }

    static func solve(_ obs: [(Double, Double)], projective: Bool, weightedBy c0: Double = 0)
        -> (Double, Double, Double)?
    {
        // Unknowns (a, b, c): r = a + b y − c y r, each equation divided by 1 + c0·y.
        let n = projective ? 3 : 2
        var m = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for (y, r0) in obs {
            let d = 1 + c0 * y
            guard d > 0.05 else { continue }
            let r = r0 / d
            let row: [Double] = projective ? [1 / d, y / d, -y * r] : [1 / d, y / d]
            for i in 0..<n {
                for j in 0..<n { m[i][j] += row[i] * row[j] }
                m[i][n] += row[i] * r
            }
        }
        // Gaussian elimination with partial pivoting.
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-12
            else {
                return nil
            }
            m.swapAt(col, pivot)
            for r in 0..<n where r != col {
                let f = m[r][col] / m[col][col]
                for j in col...n { m[r][j] -= f * m[col][j] }
            }
        }
        let sol = (0..<n).map { m[$0][n] / m[$0][$0] }
        return projective ? (sol[0], sol[1], sol[2]) : (sol[0], sol[1], 0)
    }
}

extension RowFit {
    /// The fits of both edges from row-indicator observations (y, row, along): the row an indicator
    /// names, read on the line from fraction y of the start edge to fraction y of the stop edge, and how
    /// far along that line from its own edge the indicator's middle lies (a fraction of the line's length).
    ///
    /// A line at fraction y of both edges runs along the rows only when both edges span the same rows.
    /// Where one edge was found over part of the symbol (its end patterns seen on part of the rows), the
    /// line crosses rows, and an indicator read a little way in from its edge names the row there, not at
    /// the edge: its row at the edge is its row less the change across the line up to it, which the
    /// uncorrected fits (`fitted`: the start and stop edges' ``init(_:)`` of these observations) give
    /// (once). Nil unless each side's observations name six rows or more (as ``init(centres:)`` trusts a
    /// perspective term): fits of fewer rows, extrapolated along a short edge, would move the rows by their
    /// own error.
    static func alongRows(
        left: [(Double, Int, Double)], right: [(Double, Int, Double)], fitted: (RowFit, RowFit)
    ) -> (RowFit, RowFit)? {
        guard Set(left.map(\.1)).count >= 6, Set(right.map(\.1)).count >= 6 else { return nil }
        let (l, r) = fitted
        let across = { (y: Double) in r.row(atY: y) - l.row(atY: y) }
        guard let lc = RowFit(centres: left.map { ($0.0, Double($0.1) + 0.5 - across($0.0) * $0.2) }),
            let rc = RowFit(centres: right.map { ($0.0, Double($0.1) + 0.5 + across($0.0) * $0.2) })
        else { return nil }
        return (lc, rc)
    }
}
