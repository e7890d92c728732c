/// Reads a square grid of modules from an image through a ``PerspectiveTransform``.
///
/// ```swift
/// // transform: module-grid coordinates (0…dimension) → image pixels
/// if let modules = GridSampler.sample(bits, dimension: 25, transform: t) { … }
/// ```
///
/// Module (i, j) — column i, row j — is read at the image point `transform.apply((i + 0.5, j + 0.5))`.
/// Points up to `tolerance` pixels outside the image are clamped to its border (a symbol touching the
/// edge still reads); a grid reaching further out is rejected with `nil`. The result is a
/// `dimension × dimension` ``BitMatrix`` with 1 = dark module.
///
/// Cost: one transform and one memory read per module.
public enum GridSampler {
    /// Samples `matrix` (nearest pixel).
    public static func sample(
        _ matrix: BitMatrix, dimension: Int, transform: PerspectiveTransform, tolerance: Double = 1.5
    ) -> BitMatrix? {
        sample(matrix, columns: dimension, rows: dimension, transform: transform, tolerance: tolerance)
    }

    /// Samples a rectangular grid of `columns × rows` modules (Data Matrix rectangles, PDF417 …) from
    /// `matrix` (nearest pixel); module (i, j) is read at `transform.apply((i + 0.5, j + 0.5))`.
    public static func sample(
        _ matrix: BitMatrix, columns: Int, rows: Int, transform: PerspectiveTransform, tolerance: Double = 1.5
    ) -> BitMatrix? {
        guard columns > 0, rows > 0, transform.isValid else { return nil }
        var out = [UInt8](repeating: 0, count: columns * rows)
        let w = matrix.width, h = matrix.height
        let ok = matrix.bits.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for j in 0..<rows {
                    for i in 0..<columns {
                        let p = transform.apply(Point(Double(i) + 0.5, Double(j) + 0.5))
                        guard let (x, y) = pixel(p, width: w, height: h, tolerance: tolerance) else { return false }
                        dst[j * columns + i] = src[y * w + x]
                    }
                }
                return true
            }
        }
        return ok ? BitMatrix(width: columns, height: rows, bits: out) : nil
    }

    /// The one module (column `i`, row `j`) that ``sample(_:dimension:transform:tolerance:)`` would read,
    /// read the same way (true = dark), or nil when its centre falls outside the image by more than
    /// `tolerance`: for testing a few modules (format information, a timing pattern) before sampling a
    /// whole grid.
    public static func module(
        _ matrix: BitMatrix, column i: Int, row j: Int, transform: PerspectiveTransform, tolerance: Double = 1.5
    ) -> Bool? {
        let p = transform.apply(Point(Double(i) + 0.5, Double(j) + 0.5))
        guard let (x, y) = pixel(p, width: matrix.width, height: matrix.height, tolerance: tolerance) else {
            return nil
        }
        return matrix.bits[y * matrix.width + x] != 0
    }

    /// Samples `matrix` with an arbitrary mapping from module (column i, row j) to the image point of its
    /// centre — for grids stitched from several local transforms (e.g. one per cell between alignment
    /// patterns). `nil` when a point falls outside the image by more than `tolerance`.
    public static func sample(
        _ matrix: BitMatrix, dimension: Int, tolerance: Double = 1.5, mapping: (Int, Int) -> Point
    ) -> BitMatrix? {
        guard dimension > 0 else { return nil }
        var out = [UInt8](repeating: 0, count: dimension * dimension)
        let w = matrix.width, h = matrix.height
        for j in 0..<dimension {
            for i in 0..<dimension {
                guard let (x, y) = pixel(mapping(i, j), width: w, height: h, tolerance: tolerance) else { return nil }
                out[j * dimension + i] = matrix.bits[y * w + x]
            }
        }
        return BitMatrix(width: dimension, height: dimension, bits: out)
    }

    /// Samples the luminance of `image` at each module centre (bilinear), row-major
    /// `dimension × dimension` values, for callers that threshold modules themselves.
    public static func sampleLuminance(
        _ image: LuminanceImage, dimension: Int, transform: PerspectiveTransform, tolerance: Double = 1.5
    ) -> [UInt8]? {
        guard dimension > 0, transform.isValid else { return nil }
        var out = [UInt8](repeating: 0, count: dimension * dimension)
        let w = image.width, h = image.height
        let ok = image.storage.withUnsafeBufferPointer { src in
            for j in 0..<dimension {
                for i in 0..<dimension {
                    let p = transform.apply(Point(Double(i) + 0.5, Double(j) + 0.5))
                    guard p.x.isFinite, p.y.isFinite, p.x >= -tolerance, p.y >= -tolerance,
                        p.x <= Double(w) + tolerance, p.y <= Double(h) + tolerance
                    else { return false }
                    guard let v = image.bilinear(at: p, in: src) else { return false }
                    out[j * dimension + i] = UInt8(min(255, max(0, v.rounded())))
                }
            }
            return true
        }
        return ok ? out : nil
    }

    @inline(__always)
    static func pixel(_ p: Point, width: Int, height: Int, tolerance: Double) -> (Int, Int)? {
        guard p.x.isFinite, p.y.isFinite, p.x >= -tolerance, p.y >= -tolerance,
            p.x <= Double(width) + tolerance, p.y <= Double(height) + tolerance
        else { return nil }
        let x = min(max(Int(p.x.rounded(.down)), 0), width - 1)
        let y = min(max(Int(p.y.rounded(.down)), 0), height - 1)
        return (x, y)
    }
}
