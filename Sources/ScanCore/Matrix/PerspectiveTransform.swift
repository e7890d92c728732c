/// A plane projective transform (homography): a 3×3 matrix acting on homogeneous coordinates.
///
/// ```swift
/// // Module grid (0…21 in both directions) onto the symbol's four corners in the image:
/// let t = PerspectiveTransform(
///     from: (Point(0, 0), Point(21, 0), Point(21, 21), Point(0, 21)),
///     to: (topLeft, topRight, bottomRight, bottomLeft))
/// let p = t.apply(Point(10.5, 10.5))       // centre of module (10, 10) in image pixels
/// ```
///
/// (x, y) ↦ ((a11 x + a21 y + a31) / w, (a12 x + a22 y + a32) / w) with w = a13 x + a23 y + a33.
/// Built as square → quad composed with the inverse (adjugate) of square → quad
/// (P. Heckbert, *Fundamentals of Texture Mapping and Image Warping*, 1989, §2.2.3).
public struct PerspectiveTransform: Sendable, Equatable {
    public var a11, a12, a13, a21, a22, a23, a31, a32, a33: Double

    public init(
        a11: Double, a12: Double, a13: Double, a21: Double, a22: Double, a23: Double, a31: Double, a32: Double,
        a33: Double
    ) {
        self.a11 = a11; self.a12 = a12; self.a13 = a13
        self.a21 = a21; self.a22 = a22; self.a23 = a23
        self.a31 = a31; self.a32 = a32; self.a33 = a33
    }

    /// The transform taking the quadrilateral `from` onto `to`, corner for corner.
    /// Degenerate quadrilaterals (three collinear corners) give a transform with non-finite entries;
    /// check ``isValid``.
    public init(from: (Point, Point, Point, Point), to: (Point, Point, Point, Point)) {
        let q2s = PerspectiveTransform.squareToQuad(from).adjugate
        let s2q = PerspectiveTransform.squareToQuad(to)
        self = q2s.then(s2q)
    }

    /// True when every entry is finite and the transform is not singular.
    public var isValid: Bool {
        let all = [a11, a12, a13, a21, a22, a23, a31, a32, a33]
        guard all.allSatisfy(\.isFinite) else { return false }
        let det = a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31) + a13 * (a21 * a32 - a22 * a31)
        return det != 0 && det.isFinite
    }

    /// The image of `p`.
    @inline(__always) public func apply(_ p: Point) -> Point {
        let w = a13 * p.x + a23 * p.y + a33
        return Point((a11 * p.x + a21 * p.y + a31) / w, (a12 * p.x + a22 * p.y + a32) / w)
    }

    /// `self` followed by `other` (points go through `self` first).
    public func then(_ other: PerspectiveTransform) -> PerspectiveTransform {
        let a = self, b = other
        return PerspectiveTransform(
            a11: a.a11 * b.a11 + a.a12 * b.a21 + a.a13 * b.a31,
            a12: a.a11 * b.a12 + a.a12 * b.a22 + a.a13 * b.a32,
            a13: a.a11 * b.a13 + a.a12 * b.a23 + a.a13 * b.a33,
            a21: a.a21 * b.a11 + a.a22 * b.a21 + a.a23 * b.a31,
            a22: a.a21 * b.a12 + a.a22 * b.a22 + a.a23 * b.a32,
            a23: a.a21 * b.a13 + a.a22 * b.a23 + a.a23 * b.a33,
            a31: a.a31 * b.a11 + a.a32 * b.a21 + a.a33 * b.a31,
            a32: a.a31 * b.a12 + a.a32 * b.a22 + a.a33 * b.a32,
            a33: a.a31 * b.a13 + a.a32 * b.a23 + a.a33 * b.a33)
    }

    /// The adjugate matrix: the inverse up to a scale factor, which homogeneous coordinates ignore.
    public var adjugate: PerspectiveTransform {
        PerspectiveTransform(
            a11: a22 * a33 - a23 * a32, a12: a13 * a32 - a12 * a33, a13: a12 * a23 - a13 * a22,
            a21: a23 * a31 - a21 * a33, a22: a11 * a33 - a13 * a31, a23: a13 * a21 - a11 * a23,
            a31: a21 * a32 - a22 * a31, a32: a12 * a31 - a11 * a32, a33: a11 * a22 - a12 * a21)
    }

    /// The transform taking the unit square (0,0), (1,0), (1,1), (0,1) onto the quad.
    static func squareToQuad(_ q: (Point, Point, Point, Point)) -> PerspectiveTransform {
        let (p0, p1, p2, p3) = q
        let dx3 = p0.x - p1.x + p2.x - p3.x
        let dy3 = p0.y - p1.y + p2.y - p3.y
        if dx3 == 0 && dy3 == 0 {
            return PerspectiveTransform(
                a11: p1.x - p0.x, a12: p1.y - p0.y, a13: 0, a21: p2.x - p1.x, a22: p2.y - p1.y, a23: 0,
                a31: p0.x, a32: p0.y, a33: 1)
        }
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
        let den = dx1 * dy2 - dx2 * dy1
        let a13 = (dx3 * dy2 - dx2 * dy3) / den
        let a23 = (dx1 * dy3 - dx3 * dy1) / den
        return PerspectiveTransform(
            a11: p1.x - p0.x + a13 * p1.x, a12: p1.y - p0.y + a13 * p1.y, a13: a13,
            a21: p3.x - p0.x + a23 * p3.x, a22: p3.y - p0.y + a23 * p3.y, a23: a23,
            a31: p0.x, a32: p0.y, a33: 1)
    }
}
