import ScanCore
import ScanImageIO

/// The body of the image-format fuzz targets (`FuzzPNG`, `FuzzJPEG`, `FuzzWebP`, `FuzzPNM`).
public enum FuzzImage {
    /// The pixel limit: a header claiming more than 4 megapixels is refused before any pixel memory.
    public static let limits = ImageLimits(maxPixels: 4_000_000)

    /// Reads `bytes` as `ImageReader.read(data:)` does when they start with `format`'s signature (other
    /// inputs are skipped; the seeds start with it), and converts a frame it returns to luminance, which
    /// must hold one byte a pixel. A JPEG is read again for luminance only (`luminanceOnly`, which changes
    /// nothing for the other formats): a frame of both reads must have the same size.
    public static func read(_ bytes: [UInt8], as format: ImageFormat) {
        guard ImageFormat.detect(bytes) == format else { return }
        let frame = try? ImageReader.read(data: bytes, name: "fuzz", limits: limits)
        if let frame {
            precondition(frame.luminance().packedPixels.count == frame.width * frame.height, "short luminance plane")
        }
        guard format == .jpeg else { return }
        if let grey = try? ImageReader.read(data: bytes, name: "fuzz", limits: limits, luminanceOnly: true) {
            precondition(grey.luminance().packedPixels.count == grey.width * grey.height, "short luma plane")
            if let frame { precondition(grey.width == frame.width && grey.height == frame.height, "luma plane's size") }
        }
    }
}
