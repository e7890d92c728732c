import Foundation

/// A straight line in image pixels: a point on it and its unit direction.
///
/// ```swift
/// let top = Line.fitted([Point(0.5, 10.2), Point(20.5, 10.4), Point(40.5, 10.6)])   // an edge's points
/// let left = Line(through: Point(1, 0), Point(1, 50))
/// top?.intersection(with: left!)                                                   // ≈ (1, 10.2)
/// ```
///
/// Coordinates follow ``Point``: the origin is the top-left corner of the top-left pixel, so the centre of
/// pixel (i, j) is (i + 0.5, j + 0.5); x runs right, y down. Edge points found by sampling (see
/// ``BitMatrix/firstTransition(from:direction:step:limit:)``) are in the same convention, so a fitted edge
/// lies on the boundary between pixels, not through their centres. The matrix plugins locate symbol
/// sides and finder outlines with it: fit a line through the edge points of each side, intersect
/// neighbouring sides for the corners.
public struct Line: Sendable, Equatable {
    /// A point on the line (for a fitted line, the centroid of the points).
    public var point: Point
    /// The unit vector along the line.
    public var direction: Point

    /// The line through `a` and `b`, directed from `a` to `b`; `nil` when they coincide or are not finite.
    public init?(through a: Point, _ b: Point) {
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        self.init(point: a, direction: d * (1 / length))
    }

    /// The line through `point` along `direction`, which must be a unit vector (as from ``fitted(_:)``
    /// or ``init(through:_:)``; a longer one scales ``distance(to:)`` and ``coordinate(of:)``).
    public init(point: Point, direction: Point) {
        self.point = point
        self.direction = direction
    }

    /// The total-least-squares line through `points` (orthogonal regression): their centroid and the
    /// principal axis of their scatter matrix, which minimises the sum of squared perpendicular
    /// distances (unlike y-on-x regression it treats x and y alike, so a vertical edge fits as well as a
    /// horizontal one). The direction's sign is arbitrary. `nil` for fewer than two points or points
    /// that are not finite.
    public static func fitted(_ points: [Point]) -> Line? {
        guard points.count >= 2 else { return nil }
        let mean = points.reduce(Point(0, 0), +) * (1 / Double(points.count))
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x
            syy += d.y * d.y
            sxy += d.x * d.y
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let direction = Point(cos(angle), sin(angle))
        guard mean.x.isFinite, mean.y.isFinite, direction.x.isFinite, direction.y.isFinite else { return nil }
        return Line(point: mean, direction: direction)
    }

    /// The unit normal: ``direction`` turned a quarter turn anticlockwise in the image (from +x towards
    /// −y, since y runs down).
    public var normal: Point { Point(direction.y, -direction.x) }

    /// The distance in pixels from `p` to the line.
    public func distance(to p: Point) -> Double {
        abs((p.x - point.x) * direction.y - (p.y - point.y) * direction.x)
    }

    /// The signed position of `p`'s foot on the line, in pixels from ``point`` along ``direction``.
    public func coordinate(of p: Point) -> Double {
        (p.x - point.x) * direction.x + (p.y - point.y) * direction.y
    }

    /// The length in pixels that `points` span along the line: the largest minus the smallest
    /// ``coordinate(of:)`` (0 for fewer than two points).
    public func extent(of points: [Point]) -> Double {
        guard let first = points.first else { return 0 }
        var lo = coordinate(of: first)
        var hi = lo
        for p in points.dropFirst() {
            let t = coordinate(of: p)
            lo = min(lo, t)
            hi = max(hi, t)
        }
        return hi - lo
    }

    /// The parameters t (pixels along ``direction`` from ``point``) at which the line is inside the
    /// rectangle [0, `width`] × [0, `height`] (an image's extent in ``Point``'s convention): the lower and
    /// upper ends of the line's intersection with each axis' slab, `lower > upper` when it passes beside
    /// the rectangle. `nil` when the line runs parallel to an axis (direction component under 1e-12)
    /// outside its slab.
    public func parameters(insideWidth width: Double, height: Double) -> (lower: Double, upper: Double)? {
        var lower = -Double.infinity, upper = Double.infinity
        for (p, d, size) in [(point.x, direction.x, width), (point.y, direction.y, height)] {
            if abs(d) < 1e-12 {
                if p < 0 || p > size { return nil }
            } else {
                let a = (0 - p) / d, b = (size - p) / d
                lower = max(lower, min(a, b))
                upper = min(upper, max(a, b))
            }
        }
        return (lower, upper)
    }

    /// Where this line meets `other`; `nil` when the sine of the angle between them is `minimumSine` or
    /// less (nearly parallel: the point would be far off and unstable) or the point is not finite.
    public func intersection(with other: Line, minimumSine: Double = 1e-6) -> Point? {
        let det = direction.x * other.direction.y - direction.y * other.direction.x
        guard abs(det) > minimumSine else { return nil }
        let w = other.point - point
        let s = (w.x * other.direction.y - w.y * other.direction.x) / det
        let p = point + direction * s
        return p.x.isFinite && p.y.isFinite ? p : nil
    }
}
