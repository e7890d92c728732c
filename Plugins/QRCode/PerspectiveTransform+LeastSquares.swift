import ScanCore

extension PerspectiveTransform {
    /// The homography that best maps each `pairs[i].from` onto `pairs[i].to` in the least-squares sense
    /// of the linearised projective equations (direct linear transform with a33 = 1), each pair counted
    /// `weight` times. Both point sets are first centred and scaled to unit mean distance, which keeps
    /// the 8 × 8 normal equations well conditioned. `nil` with fewer than four pairs or a degenerate set.
    static func fitting(_ pairs: [(from: Point, to: Point, weight: Double)]) -> PerspectiveTransform? {
        guard pairs.count >= 4 else { return nil }
        func normalizer(_ ps: [Point]) -> (mean: Point, scale: Double) {
            let n = Double(ps.count)
            let mean = ps.reduce(Point(0, 0), +) * (1 / n)
            let spread = ps.reduce(0.0) { $0 + $1.distance(to: mean) } / n
            return (mean, spread > 0 ? spread : 1)
        }
        let src = normalizer(pairs.map(\.from)), dst = normalizer(pairs.map(\.to))
        // Normal equations AᵀWA h = AᵀWb for h = (a11, a21, a31, a12, a22, a32, a13, a23).
        var ata = [Double](repeating: 0, count: 64)
        var atb = [Double](repeating: 0, count: 8)
        func accumulate(_ row: [Double], _ rhs: Double, _ w: Double) {
            for i in 0..<8 {
                guard row[i] != 0 else { continue }
                for j in 0..<8 { ata[i * 8 + j] += w * row[i] * row[j] }
                atb[i] += w * row[i] * rhs
            }
        }
        for p in pairs {
            let x = (p.from.x - src.mean.x) / src.scale, y = (p.from.y - src.mean.y) / src.scale
            let u = (p.to.x - dst.mean.x) / dst.scale, v = (p.to.y - dst.mean.y) / dst.scale
            accumulate([x, y, 1, 0, 0, 0, -x * u, -y * u], u, p.weight)
            accumulate([0, 0, 0, x, y, 1, -x * v, -y * v], v, p.weight)
        }
        guard let h = solve(ata, atb, n: 8) else { return nil }
        let core = PerspectiveTransform(
            a11: h[0], a12: h[3], a13: h[6], a21: h[1], a22: h[4], a23: h[7], a31: h[2], a32: h[5], a33: 1)
        let toNormalized = PerspectiveTransform(
            a11: 1 / src.scale, a12: 0, a13: 0, a21: 0, a22: 1 / src.scale, a23: 0,
            a31: -src.mean.x / src.scale, a32: -src.mean.y / src.scale, a33: 1)
        let fromNormalized = PerspectiveTransform(
            a11: dst.scale, a12: 0, a13: 0, a21: 0, a22: dst.scale, a23: 0, a31: dst.mean.x, a32: dst.mean.y, a33: 1)
        let t = toNormalized.then(core).then(fromNormalized)
        return t.isValid ? t : nil
    }

    /// Solves the n × n system `a` x = `b` (row-major) by Gaussian elimination with partial pivoting.
    static func solve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var a = a, b = b
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
            guard abs(a[pivot * n + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<n { a.swapAt(col * n + k, pivot * n + k) }
                b.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = a[r * n + col] / a[col * n + col]
                guard f != 0 else { continue }
                for k in col..<n { a[r * n + k] -= f * a[col * n + k] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for k in (r + 1)..<n { s -= a[r * n + k] * x[k] }
            x[r] = s / a[r * n + r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
