/// Probes of a binarized image at sub-pixel points, for detectors that walk along lines (finder
/// outlines, symbol sides, timing patterns).
///
/// Points follow ``Point``: pixel (i, j) covers [i, i + 1) × [j, j + 1), so a point is read from the
/// pixel it falls in (its coordinates rounded down), not from the nearest pixel centre.
extension BitMatrix {
    /// True when the pixel holding `p` is dark; `nil` when `p` lies outside the matrix or is not finite
    /// (the comparisons come first, so NaN and huge values from a degenerate transform never reach `Int`).
    @inlinable
    public func isDark(at p: Point) -> Bool? {
        guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { return nil }
        return bits[Int(p.y) * width + Int(p.x)] != 0
    }

    /// The first colour change on the ray from `start` along the unit vector `u`: the midpoint of the
    /// last sample of `start`'s colour and the first of the other. Samples every `step` pixels from
    /// `step` out to `limit` pixels; `nil` when `start` or a sample before the change lies outside the
    /// matrix, or no change comes within `limit`.
    ///
    /// An edge probe: from inside a dark module outward, the point is on the edge between the module and
    /// the light beyond it, within `step / 2` pixels.
    public func firstTransition(from start: Point, direction u: Point, step: Double, limit: Double) -> Point? {
        guard let startDark = isDark(at: start) else { return nil }
        var s = step
        while s <= limit {
            guard let d = isDark(at: start + u * s) else { return nil }
            if d != startDark { return start + u * (s - step / 2) }
            s += step
        }
        return nil
    }
}
