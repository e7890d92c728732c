/// Resource limits applied while reading an image.
///
/// ```swift
/// let frame = try ImageReader.read(contentsOf: path, limits: ImageLimits(maxPixels: 4_000_000))
/// ```
public struct ImageLimits: Sendable, Equatable {
    /// Largest accepted `width × height`, in pixels. Checked against the header before any pixel memory
    /// is allocated; a larger image throws ``ImageError/tooLarge(path:width:height:limit:)``.
    public var maxPixels: Int

    /// - Parameter maxPixels: largest accepted `width × height` (default 100 000 000, e.g. 10 000 × 10 000).
    public init(maxPixels: Int = 100_000_000) {
        self.maxPixels = maxPixels
    }

    /// 100 000 000 pixels.
    public static let `default` = ImageLimits()

    /// The most bytes an image file within ``maxPixels`` can hold: 20 bytes a pixel (an ASCII PPM of
    /// 16-bit samples, `65535 ` three times, the most verbose format read; a 16-bit RGBA PNG stored
    /// without compression takes 8) and 16 MiB of headers and metadata. A longer file or standard input
    /// is refused (``ImageError/fileTooLarge(path:limit:)``) before more than this is read.
    public var maxFileBytes: Int {
        let (bytes, overflow) = maxPixels.multipliedReportingOverflow(by: 20)
        return overflow ? Int.max : bytes.addingReportingOverflow(16 << 20).overflow ? Int.max : bytes + (16 << 20)
    }

    /// Throws `tooLarge` when `width × height` exceeds `maxPixels` (or overflows `Int`).
    func check(width: Int, height: Int, path: String) throws(ImageError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw ImageError.tooLarge(path: path, width: width, height: height, limit: maxPixels)
        }
    }
}
