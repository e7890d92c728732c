/// Point-in-outline tests for symbol outlines: four corner points in image pixels, in either winding
/// (a mirrored symbol's corners run counter-clockwise), possibly degenerate (a linear symbol read on one
/// line has its top and bottom edge on that line).
public enum Quadrilateral {
    /// The mean of `points` (a quadrilateral's corners, or any outline's), in their pixels; nil when empty.
    public static func centre(_ points: [Point]) -> Point? {
        guard let first = points.first else { return nil }
        return points.dropFirst().reduce(first, +) * (1 / Double(points.count))
    }

    /// True when `p` lies inside the convex polygon `quad` or within `margin` pixels of its outline.
    /// An outline with fewer than three points contains nothing but the points within `margin` of it.
    public static func contains(_ quad: [Point], _ p: Point, margin: Double = 0) -> Bool {
        guard !quad.isEmpty else { return false }
        if quad.count >= 3 && isInside(quad, p) { return true }
        guard margin > 0 else { return false }
        for i in quad.indices {
            let a = quad[i], b = quad[(i + 1) % quad.count]
            if distance(p, segment: a, b) <= margin { return true }
        }
        return false
    }

    /// True when `p` is strictly on the inner side of every edge of the convex polygon `quad` (either
    /// winding); false for a degenerate polygon.
    static func isInside(_ quad: [Point], _ p: Point) -> Bool {
        var sign = 0.0
        for i in quad.indices {
            let a = quad[i], b = quad[(i + 1) % quad.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }

    /// True when the outlines `a` and `b` share a point: a corner of either lies inside the other, or two
    /// of their edges cross (so two degenerate outlines, each a segment, meet where the segments cross).
    public static func intersects(_ a: [Point], _ b: [Point]) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a.contains(where: { contains(b, $0) }) || b.contains(where: { contains(a, $0) }) { return true }
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        for i in a.indices {
            let p1 = a[i], p2 = a[(i + 1) % a.count]
            for j in b.indices {
                let q1 = b[j], q2 = b[(j + 1) % b.count]
                let d1 = side(q1, q2, p1), d2 = side(q1, q2, p2), d3 = side(p1, p2, q1), d4 = side(p1, p2, q2)
                if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
                    return true
                }
            }
        }
        return false
    }

    /// Distance in pixels from `p` to the segment from `a` to `b`.
    public static func distance(_ p: Point, segment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        var t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0
        t = min(1, max(0, t))
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }
}
