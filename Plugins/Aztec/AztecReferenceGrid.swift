import ScanCore

/// Refines the geometry of a full-range symbol on its reference grid (ISO/IEC 24778:2008, reference grid).
///
/// ```swift
/// let better = AztecReferenceGrid.refine(matrix, canonical: t, dimension: 71)
/// ```
///
/// The reference grid is rows and columns at 0, ±16, ±32, … modules from the centre whose modules
/// alternate dark and light, dark where the module's offset from the centre is even. Where a row and a
/// column cross, the 13 modules within 3 of the crossing along both lines are known. Working outwards
/// ring by ring, each crossing is looked for within ¾ module of where the current transform puts it (the
/// pattern repeats every 2 modules, so that window has one match), and the transform is refitted by
/// least squares over every crossing found so far plus the core's corners. A transform from a small core
/// is off by a module or more at the edge of a large symbol; one refitted on the grid is not.
///
/// Cost: 49 × 13 samples per crossing, at most 81 crossings.
public enum AztecReferenceGrid {
    /// `canonical`: symbol centre-relative module coordinates (upright) → image pixels. Returns the refitted
    /// transform, or `nil` when fewer than two grid crossings beyond the centre were found.
    public static func refine(_ m: BitMatrix, canonical: PerspectiveTransform, dimension: Int)
        -> PerspectiveTransform?
    {
        let half = dimension / 2
        let maxRing = (half - 3) / 16
        guard maxRing >= 1 else { return nil }
        var from: [Point] = []
        var to: [Point] = []
        for (u, v) in [(-5.0, -5.0), (5.0, -5.0), (5.0, 5.0), (-5.0, 5.0)] {
            from.append(Point(u, v))
            to.append(canonical.apply(Point(u, v)))
        }
        var t = canonical
        var found = 0
        for ring in 1...maxRing {
            for a in -ring...ring {
                for b in -ring...ring where max(abs(a), abs(b)) == ring {
                    let cu = Double(16 * a)
                    let cv = Double(16 * b)
                    guard let offset = locate(m, t, cu, cv) else { continue }
                    from.append(Point(cu, cv))
                    to.append(t.apply(Point(cu + offset.0, cv + offset.1)))
                    found += 1
                }
            }
            if found >= 2, let fitted = fitHomography(from: from, to: to) { t = fitted }
        }
        return found >= 2 ? t : nil
    }

    /// The offset (in modules) at which the crossing (u, v) matches best, when at most one of its 13
    /// known modules disagrees.
    static func locate(_ m: BitMatrix, _ t: PerspectiveTransform, _ u: Double, _ v: Double) -> (Double, Double)? {
        var best: (Double, Double)? = nil
        var bestScore = -1
        var ties = 0
        for i in -3...3 {
            for j in -3...3 {
                let du = Double(i) * 0.25
                let dv = Double(j) * 0.25
                var score = 0
                for k in -3...3 {
                    let want = k % 2 == 0
                    if m.isDark(at: t.apply(Point(u + Double(k) + du, v + dv))) == want { score += 1 }
                    if k != 0, m.isDark(at: t.apply(Point(u + du, v + Double(k) + dv))) == want {
                        score += 1
                    }
                }
                if score > bestScore {
                    bestScore = score
                    best = (du, dv)
                    ties = 1
                } else if score == bestScore, let b = best {
                    // Average equally good offsets (a plateau around the true position).
                    ties += 1
                    best = (b.0 + (du - b.0) / Double(ties), b.1 + (dv - b.1) / Double(ties))
                }
            }
        }
        return bestScore >= 12 ? best : nil
    }

    /// Least-squares homography taking `from` to `to` (direct linear transform with h33 = 1, on
    /// normalised coordinates).
    static func fitHomography(from: [Point], to: [Point]) -> PerspectiveTransform? {
        let n = from.count
        guard n >= 4, to.count == n else { return nil }
        let s1 = max(1, from.map { max(abs($0.x), abs($0.y)) }.max() ?? 1)
        let mx = to.reduce(0) { $0 + $1.x } / Double(n)
        let my = to.reduce(0) { $0 + $1.y } / Double(n)
        let s2 = max(1, to.map { max(abs($0.x - mx), abs($0.y - my)) }.max() ?? 1)
        var ata = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
        var atb = [Double](repeating: 0, count: 8)
        for k in 0..<n {
            let x = from[k].x / s1
            let y = from[k].y / s1
            let tx = (to[k].x - mx) / s2
            let ty = (to[k].y - my) / s2
            let rows: [([Double], Double)] = [
                ([x, y, 1, 0, 0, 0, -x * tx, -y * tx], tx),
                ([0, 0, 0, x, y, 1, -x * ty, -y * ty], ty),
            ]
            for (r, rhs) in rows {
                for i in 0..<8 {
                    atb[i] += r[i] * rhs
                    for j in 0..<8 { ata[i][j] += r[i] * r[j] }
                }
            }
        }
        guard let h = solve(ata, atb) else { return nil }
        let core = PerspectiveTransform(
            a11: h[0], a12: h[3], a13: h[6], a21: h[1], a22: h[4], a23: h[7], a31: h[2], a32: h[5], a33: 1)
        let pre = PerspectiveTransform(a11: 1 / s1, a12: 0, a13: 0, a21: 0, a22: 1 / s1, a23: 0, a31: 0, a32: 0, a33: 1)
        let post = PerspectiveTransform(a11: s2, a12: 0, a13: 0, a21: 0, a22: s2, a23: 0, a31: mx, a32: my, a33: 1)
        let t = pre.then(core).then(post)
        return t.isValid ? t : nil
    }

    /// Gaussian elimination with partial pivoting.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var a = a
        var b = b
        let n = b.count
        for col in 0..<n {
            guard let p = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[p][col]) > 1e-12 else {
                return nil
            }
            a.swapAt(col, p)
            b.swapAt(col, p)
            for r in (col + 1)..<n {
                let f = a[r][col] / a[col][col]
                if f == 0 { continue }
                for c in col..<n { a[r][c] -= f * a[col][c] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for c in (r + 1)..<n { s -= a[r][c] * x[c] }
            x[r] = s / a[r][r]
        }
        return x
    }
}
