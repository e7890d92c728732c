/// Luminance between pixel centres, for samplers that read module centres or line profiles from the grey
/// image (blur and small modules read better there than in a binarization).
extension LuminanceImage {
    /// The luminance at `p` (pixels, see ``Point``: pixel (i, j)'s centre is at (i + 0.5, j + 0.5)),
    /// interpolated bilinearly between the four pixel centres around it; within half a pixel of the
    /// border and beyond, the nearest border pixels' values (coordinates clamped). In 0…255; `nil` when
    /// `p` is not finite or the image is empty.
    @inlinable
    public func bilinear(at p: Point) -> Double? {
        storage.withUnsafeBufferPointer { bilinear(at: p, in: $0) }
    }

    /// ``bilinear(at:)`` reading from `pixels`, which must be this image's ``storage`` (for loops that
    /// hold its buffer already). Always inlined: samplers call it for every module or profile sample.
    @inlinable @inline(__always)
    public func bilinear(at p: Point, in pixels: UnsafeBufferPointer<UInt8>) -> Double? {
        guard p.x.isFinite, p.y.isFinite, width > 0, height > 0 else { return nil }
        let fx = min(max(p.x - 0.5, 0), Double(width - 1))
        let fy = min(max(p.y - 0.5, 0), Double(height - 1))
        let x0 = Int(fx)
        let y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        let ax = fx - Double(x0)
        let ay = fy - Double(y0)
        let r0 = offset + y0 * stride
        let r1 = offset + y1 * stride
        let top = Double(pixels[r0 + x0]) * (1 - ax) + Double(pixels[r0 + x1]) * ax
        let bottom = Double(pixels[r1 + x0]) * (1 - ax) + Double(pixels[r1 + x1]) * ax
        return top * (1 - ay) + bottom * ay
    }
}
