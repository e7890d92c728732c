import ScanCore

extension DMDetector {
    /// A detection with all four corners moved, one at a time, to where the finder and timing modules
    /// are read best (steps of ½ and ¼ module, two passes).
    ///
    /// The hull puts the finder's corners on the outermost dark pixels, which blur, ink spread and
    /// perspective shift by a fraction of a module; on small modules that is enough to sample the data
    /// region a row or column off near the far edges. `detections(_:_:maxResults:)` moves only the
    /// fourth corner; this is for hypotheses whose codewords failed error correction.
    public static func refineCorners(_ m: BitMatrix, _ d: DMDetection) -> DMDetection {
        let w = Double(d.size.columns)
        let h = Double(d.size.rows)
        var corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map(d.transform.apply)
        func transform(_ c: [Point]) -> PerspectiveTransform {
            Self.transform(d.size, tl: c[0], tr: c[1], br: c[2], bl: c[3])
        }
        let module = corners[0].distance(to: corners[2]) / (w * w + h * h).squareRoot()
        guard module.isFinite, module > 0.3 else { return d }
        var best = score(m, d.size, transform(corners))
        for _ in 0..<2 {
            for k in 0..<4 {
                DMPointSearch.move(&corners, k, module: module, best: &best, margin: 1e-9) { c, threshold in
                    score(m, d.size, transform(c), above: threshold)
                }
            }
        }
        return DMDetection(size: d.size, transform: transform(corners), isMirrored: d.isMirrored, score: best)
    }
}
