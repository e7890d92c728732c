import Foundation

extension LinearScanner {
    /// A family of parallel scan lines one pixel apart, and the mapping between positions along a line
    /// and image pixels.
    ///
    /// Rows: line `y`, position `a` is the point (a, y + 0.5). Columns: line `x`, position `a` is
    /// (x + 0.5, a). Slanted by `angle` (degrees clockwise from the x axis, strictly between 0 and 180,
    /// not 90): with direction d = (cos, sin) and normal n = (−sin, cos), line k is the set of points
    /// c·n + t·d for c = cMin + k + 0.5, clipped to the image; position `a` is t = tMin(k) + a, and the line
    /// samples the pixel under each t = tMin + j + 0.5 (nearest pixel).
    struct LineSet {
        let axis: Axis
        let width: Int
        let height: Int
        /// Number of lines.
        let count: Int
        /// Reading direction of a forward line, degrees clockwise from the x axis.
        let angle: Double
        /// +1 when a growing line index moves towards a forward-read symbol's bottom, else −1.
        let downSign: Int
        let dx: Double, dy: Double
        let cMin: Double

        init(_ axis: Axis, width: Int, height: Int) {
            self.axis = axis
            self.width = width
            self.height = height
            switch axis {
            case .rows:
                count = height; angle = 0; downSign = 1; dx = 1; dy = 0; cMin = 0
            case .columns:
                count = width; angle = 90; downSign = -1; dx = 0; dy = 1; cMin = 0
            case .slanted(let degrees):
                angle = degrees
                downSign = 1
                let r = degrees * .pi / 180
                dx = cos(r); dy = sin(r)
                // Offsets c = p · n of the image corners, n = (−dy, dx).
                let w = Double(width), h = Double(height)
                let cs = [0.0, -dy * w, dx * h, -dy * w + dx * h]
                cMin = cs.min() ?? 0
                count = max(0, Int((cs.max() ?? 0) - cMin))
            }
        }

        /// The parameter range [tMin, tMax] of slanted line `index` inside the image.
        func clip(_ index: Int) -> (c: Double, t0: Double, t1: Double) {
            let c = cMin + Double(index) + 0.5
            let px = -dy * c, py = dx * c  // the line's point at t = 0
            var t0 = -Double.infinity, t1 = Double.infinity
            for (p, d, size) in [(px, dx, Double(width)), (py, dy, Double(height))] {
                if abs(d) < 1e-12 {
                    if p < 0 || p > size { return (c, 0, 0) }
                } else {
                    let a = (0 - p) / d, b = (size - p) / d
                    t0 = max(t0, min(a, b))
                    t1 = min(t1, max(a, b))
                }
            }
            return (c, t0, max(t0, t1))
        }

        /// Run lengths along line `index` in `matrix` (convention of ``BitMatrix/rowRuns(_:)``).
        func runs(_ matrix: BitMatrix, _ index: Int) -> [Int] {
            switch axis {
            case .rows: return matrix.rowRuns(index)
            case .columns: return matrix.columnRuns(index)
            case .slanted:
                let (c, t0, t1) = clip(index)
                let n = Int(t1 - t0)
                guard n > 0 else { return [0] }
                let px = -dy * c, py = dx * c
                let w = matrix.width, h = matrix.height
                return matrix.bits.withUnsafeBufferPointer { buf in
                    BitMatrix.runs(count: n) { j in
                        let t = t0 + Double(j) + 0.5
                        let x = min(w - 1, max(0, Int(px + t * dx)))
                        let y = min(h - 1, max(0, Int(py + t * dy)))
                        return buf[y * w + x]
                    }
                }
            }
        }

        /// Luminance along line `index` of `image` (nearest pixel for slanted lines).
        func profile(_ image: LuminanceImage, _ index: Int) -> [UInt8] {
            switch axis {
            case .rows: return image.row(index)
            case .columns: return image.column(index)
            case .slanted:
                let (c, t0, t1) = clip(index)
                let n = Int(t1 - t0)
                guard n > 0 else { return [] }
                let px = -dy * c, py = dx * c
                var out = [UInt8](repeating: 0, count: n)
                for j in 0..<n {
                    let t = t0 + Double(j) + 0.5
                    let x = min(image.width - 1, max(0, Int(px + t * dx)))
                    let y = min(image.height - 1, max(0, Int(py + t * dy)))
                    out[j] = image[x, y]
                }
                return out
            }
        }

        /// The scan line `index` from `source`.
        func scanLine(_ source: LineSource, _ index: Int) -> ScanLine {
            switch source {
            case .matrix(let m): return ScanLine(runs: runs(m, index))
            case .profile(let image, let fraction):
                let p = profile(image, index)
                guard !p.isEmpty else { return ScanLine(runs: [0]) }
                let h = LineProfileThreshold.hysteresis(p, fraction: fraction, minimum: fraction < 0.05 ? 4 : 8)
                let (r, starts) = LineProfileThreshold.runs(p, hysteresis: h)
                return ScanLine(runs: r, subpixelStarts: starts)
            }
        }

        /// The image point at position `a` along line `index` (forward coordinates).
        func point(along a: Double, line index: Int) -> Point {
            switch axis {
            case .rows: return Point(a, Double(index) + 0.5)
            case .columns: return Point(Double(index) + 0.5, a)
            case .slanted:
                let (c, t0, _) = clip(index)
                let t = t0 + a
                return Point(-dy * c + t * dx, dx * c + t * dy)
            }
        }
    }
}
