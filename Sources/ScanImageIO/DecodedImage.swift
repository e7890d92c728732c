import ScanCore

/// What a format decoder hands back: tightly packed 8-bit pixels, 1 (grey) or 3 (RGB) bytes per pixel.
struct DecodedImage: Sendable {
    var pixels: [UInt8]
    var width: Int
    var height: Int
    /// 1 for grey, 3 for RGB.
    var channels: Int

    /// The image as a `gray8` or `rgb24` frame.
    func frame(source: String, format: ImageFormat) throws(ImageError) -> Frame {
        do {
            return try Frame(
                pixels: pixels, format: channels == 1 ? .gray8 : .rgb24, width: width, height: height,
                source: source)
        } catch {
            // Unreachable for a consistent decoder; reported rather than trapped.
            throw ImageError.corrupt(path: source, format: format, message: "\(error)")
        }
    }
}
