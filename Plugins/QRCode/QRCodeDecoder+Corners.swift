import Foundation
import ScanCore

extension QRCodeDecoder {
    /// The corner points of a symbol read through `d`, in grid order: module-grid corners (0, 0), (n, 0),
    /// (n, n), (0, n) (ISO/IEC 18004 §12 names no corner; these are the symbol's outer corners, quiet zone
    /// excluded).
    ///
    /// A grid laid through the three finder centres is affine: under perspective the corner it
    /// extrapolates, the bottom-right one that no finder pattern marks, lands pixels away from the
    /// symbol's (at a 50° tilt, 2–4 pixels at 5-pixel modules). Lines stay lines under perspective, so
    /// each of the four sides is measured instead: from the centre of every dark module of the outermost
    /// row or column, outwards to the first light pixel (the quiet zone), and a line is fitted through
    /// those edge points (at least a third of the side's modules, spread over at least half of it; the
    /// farthest point dropped and the line fitted again while one lies more than half a pixel off). A
    /// corner is where two such lines meet, kept when it lies within 1.5 modules of the grid's own corner;
    /// otherwise the grid's corner stays. The value is unaffected: only the corners move.
    func cornerPoints(_ matrix: BitMatrix, _ d: QRDetection) -> [Point] {
        let n = Double(d.dimension)
        let t = d.transform
        let grid = [Point(0, 0), Point(n, 0), Point(n, n), Point(0, n)].map(t.apply)
        let module =
            (grid[0].distance(to: grid[1]) + grid[1].distance(to: grid[2])
                + grid[2].distance(to: grid[3]) + grid[3].distance(to: grid[0])) / (4 * n)
        guard module > 0, module.isFinite else { return grid }
        // Sides: top (row 0, outwards −y), right (column n − 1, +x), bottom (row n − 1, +y), left (−x).
        func side(_ k: Int) -> Line? {
            var points: [Point] = []
            for i in 0..<d.dimension {
                let s = Double(i) + 0.5
                let (inside, outside): (Point, Point) =
                    switch k {
                    case 0: (Point(s, 0.5), Point(s, -1.5))
                    case 1: (Point(n - 0.5, s), Point(n + 1.5, s))
                    case 2: (Point(s, n - 0.5), Point(s, n + 1.5))
                    default: (Point(0.5, s), Point(-1.5, s))
                    }
                if let p = Self.edge(matrix, from: t.apply(inside), to: t.apply(outside)) { points.append(p) }
            }
            guard points.count * 3 >= d.dimension, var line = Self.side(through: points, spanning: 0.5 * n * module)
            else { return nil }
            // The point farthest off is dropped while it lies more than half a pixel off, and the line
            // fitted again: a probe whose grid place was off by a module (the grid is least accurate where
            // the line is needed most) or that met a speck in the quiet zone.
            while let worst = points.indices.max(by: { line.distance(to: points[$0]) < line.distance(to: points[$1]) }),
                line.distance(to: points[worst]) > 0.5
            {
                points.remove(at: worst)
                guard points.count * 3 >= d.dimension,
                    let refit = Self.side(through: points, spanning: 0.5 * n * module)
                else { return nil }
                line = refit
            }
            return line
        }
        let lines = (0..<4).map(side)
        var out = grid
        for k in 0..<4 {
            // Corner k lies on side k − 1 (into it) and side k (out of it): top-left on left and top, …
            guard let a = lines[(k + 3) % 4], let b = lines[k], let p = a.intersection(with: b),
                p.distance(to: grid[k]) <= 1.5 * module
            else { continue }
            out[k] = p
        }
        return out
    }

    /// The edge between the dark pixel at `from` and the first light pixel on the way to `to` (the midpoint
    /// of the last dark and first light sample, quarter-pixel steps); nil when `from` is light or no light
    /// pixel comes.
    static func edge(_ m: BitMatrix, from a: Point, to b: Point) -> Point? {
        guard m.isDark(at: a) == true else { return nil }
        let length = a.distance(to: b)
        guard length > 0 else { return nil }
        return m.firstTransition(from: a, direction: (b - a) * (1 / length), step: 0.25, limit: length)
    }

    /// The total-least-squares line through a side's edge points; nil when they span less than
    /// `spanning` pixels along it.
    static func side(through points: [Point], spanning: Double) -> Line? {
        guard let line = Line.fitted(points), line.extent(of: points) >= spanning else { return nil }
        return line
    }
}
