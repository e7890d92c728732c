import ScanCore

/// The perspective fallback: grids from the three finder outlines, for symbols so tilted that one
/// transform from the finder centres misplaces the modules far from them.
extension QRDetector {
    /// The outlines of a triple's three finder patterns (top-left, top-right, bottom-left), or `nil` when
    /// one cannot be located: each from its outer ring as a region (``QRFinderOutline/fromRing``), else
    /// (for at most one of the three: chance triples in data rarely have isolated rings) from edges along
    /// lines across the ring, whose first module vectors take the legs' directions and
    /// the finder's own widths along them (perspective makes them differ between finders).
    static func outlines(_ m: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern)
        -> [QRFinderOutline]?
    {
        let dx = tr.center - tl.center, dy = bl.center - tl.center
        guard dx.length > 0, dy.length > 0 else { return nil }
        let ux = dx * (1 / dx.length), uy = dy * (1 / dy.length)
        var out: [QRFinderOutline] = []
        var fromRays = 0
        for f in [tl, tr, bl] {
            let wx = finderWidth(m, at: f.center, direction: ux, module: f.moduleSize).map { $0 / 7 } ?? f.moduleSize
            let wy = finderWidth(m, at: f.center, direction: uy, module: f.moduleSize).map { $0 / 7 } ?? f.moduleSize
            var outline = QRFinderOutline.fromRing(m, center: f.center, ux: ux, uy: uy, module: max(wx, wy))
            if outline == nil {
                // A finder whose ring touches the data (blur) is measured along lines; one such is enough.
                fromRays += 1
                guard fromRays <= 1 else { return nil }
                outline = QRFinderOutline.locate(m, center: f.center, moduleX: ux * wx, moduleY: uy * wy)
            }
            guard let o = outline else { return nil }
            out.append(o)
        }
        return out
    }

    /// The symbol size the outlines imply: the top-right and bottom-left centres mapped into module
    /// coordinates through the homography of the top-left finder's own outline (its four corners are
    /// modules (0, 0), (7, 0), (7, 7), (0, 7)), so the estimate allows for perspective. Snapped to 4 v + 17.
    static func dimension(outlines o: [QRFinderOutline], tr: Point, bl: Point) -> Int? {
        let c = o[0].corners
        let toModules = PerspectiveTransform(
            from: (c[0], c[1], c[2], c[3]), to: (Point(0, 0), Point(7, 0), Point(7, 7), Point(0, 7)))
        guard toModules.isValid else { return nil }
        let a = toModules.apply(tr).x + 3.5, b = toModules.apply(bl).y + 3.5
        guard a.isFinite, b.isFinite, abs(a - b) < max(4, 0.15 * (a + b) / 2) else { return nil }
        let d = Int((((a + b) / 2 - 17) / 4).rounded()) * 4 + 17
        return d >= 21 && d <= 177 ? d : nil
    }

    /// Grids for a symbol of `dimension` modules from the finder outlines, for symbols whose grid from the
    /// three centres did not read (strong perspective): first the least-squares homography of the twelve
    /// outline corners and three centres with, for version 2 and up, the bottom-right alignment pattern
    /// searched where that homography predicts it (and weighted as much as the rest together); then the
    /// homography of the outlines alone.
    static func perspectiveDetections(
        _ m: BitMatrix, outlines o: [QRFinderOutline], finders: [QRFinderPattern], dimension: Int
    ) -> [QRDetection] {
        let n = Double(dimension)
        let origins = [Point(0, 0), Point(n - 7, 0), Point(0, n - 7)]
        let offsets = [Point(0, 0), Point(7, 0), Point(7, 7), Point(0, 7)]
        var pairs: [(from: Point, to: Point, weight: Double)] = []
        for (k, outline) in o.enumerated() {
            for (corner, offset) in zip(outline.corners, offsets) {
                pairs.append((origins[k] + offset, corner, 1))
            }
            pairs.append((origins[k] + Point(3.5, 3.5), finders[k].center, 1))
        }
        guard let base = PerspectiveTransform.fitting(pairs) else { return [] }
        var out: [QRDetection] = []
        if dimension > 21, let version = QRVersion.version(forDimension: dimension),
            let last = version.alignmentCenters.last
        {
            let a = Double(last) + 0.5
            let module = (base.apply(Point(a + 0.5, a)) - base.apply(Point(a - 0.5, a))).length
            if let found = findAlignment(
                m, near: base.apply(Point(a, a)), module: module, transform: base, at: a, radiusModules: 3),
                let fine = PerspectiveTransform.fitting(pairs + [(Point(a, a), found, Double(pairs.count))])
            {
                out.append(QRDetection(transform: fine, dimension: dimension, finders: finders))
            }
        }
        out.append(QRDetection(transform: base, dimension: dimension, finders: finders))
        return out
    }
}
