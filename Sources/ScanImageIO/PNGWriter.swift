import CPNG
import Foundation
import ScanCore

/// Writes 8-bit PNG files through libpng's simplified write API (`png_image_write_to_memory`).
///
/// ```swift
/// let plane = LuminanceImage(width: 2, height: 1, pixels: [0, 255])
/// try PNGWriter.write(plane, to: "out/bar.png")             // 8-bit greyscale PNG
/// let bytes = try PNGWriter.encode(frame)                   // rgb24 frame → 8-bit RGB PNG bytes
/// ```
///
/// Output is non-interlaced, 8 bits per sample, with an sRGB chunk (the simplified API always tags its output),
/// so reading it back with ``ImageReader`` gives the same bytes. Safe to call from several threads at once.
public enum PNGWriter {
    /// The name errors use for in-memory encoding.
    public static let memoryName = "(in-memory PNG)"

    /// Encodes a luminance plane as an 8-bit greyscale PNG. Crops (offset, stride) are honoured.
    /// - Throws: ``ImageError/writeFailed(path:message:)`` when the image is empty or libpng fails.
    public static func encode(_ image: LuminanceImage) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw ImageError.writeFailed(path: memoryName, message: "image is \(image.width)x\(image.height)")
        }
        return try encode(
            pixels: image.storage, start: image.offset, width: image.width, height: image.height,
            rowComponents: image.stride, format: UInt32(PNG_FORMAT_GRAY))
    }

    /// Encodes a frame as an 8-bit PNG: `gray8` → greyscale, `rgb24` and `bgr24` → RGB, `rgba32` → RGBA.
    /// - Throws: ``ImageError/unsupported(path:format:what:)`` for YUV frames (write `frame.luminance()`
    ///   instead), ``ImageError/writeFailed(path:message:)`` when libpng fails.
    /// - Parameter fast: see ``write(_:to:fast:)``.
    public static func encode(_ frame: Frame, fast: Bool = false) throws(ImageError) -> [UInt8] {
        let format: UInt32
        switch frame.format {
        case .gray8: format = UInt32(PNG_FORMAT_GRAY)
        case .rgb24: format = PNG_FORMAT_FLAG_COLOR
        case .bgr24: format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR
        case .rgba32: format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
        case .yuyv, .uyvy, .nv12, .i420:
            throw ImageError.unsupported(
                path: memoryName, format: .png, what: "\(frame.format.rawValue) frames (write frame.luminance())")
        }
        let bytesPerPixel = frame.format.bytesPerPixel
        if frame.stride % bytesPerPixel == 0 {
            return try encode(
                pixels: frame.pixels, start: 0, width: frame.width, height: frame.height,
                rowComponents: frame.stride, format: format, fast: fast)
        }
        // libpng counts the row stride in samples: repack rows whose pitch is not a whole number of pixels.
        let rowBytes = frame.width * bytesPerPixel
        var packed = [UInt8]()
        packed.reserveCapacity(rowBytes * frame.height)
        for y in 0..<frame.height {
            packed.append(contentsOf: frame.pixels[(y * frame.stride)..<(y * frame.stride + rowBytes)])
        }
        return try encode(
            pixels: packed, start: 0, width: frame.width, height: frame.height, rowComponents: rowBytes,
            format: format, fast: fast)
    }

    /// Writes a luminance plane to `path` as an 8-bit greyscale PNG (replacing the file atomically).
    /// - Throws: ``ImageError/writeFailed(path:message:)``.
    public static func write(_ image: LuminanceImage, to path: String) throws(ImageError) {
        try store(renamed(path) { () throws(ImageError) in try encode(image) }, to: path)
    }

    /// Writes a frame to `path` as a PNG (see ``encode(_:)-(Frame)`` for the formats), replacing it atomically.
    /// - Throws: ``ImageError/unsupported(path:format:what:)``, ``ImageError/writeFailed(path:message:)``.
    /// - Parameter fast: compress for speed rather than size (libpng's `PNG_IMAGE_FLAG_FAST`: a larger file,
    ///   written several times faster), for images written for a person to look at (annotated copies).
    public static func write(_ frame: Frame, to path: String, fast: Bool = false) throws(ImageError) {
        try store(renamed(path) { () throws(ImageError) in try encode(frame, fast: fast) }, to: path)
    }

    /// Runs an encoding step, naming `path` instead of ``memoryName`` in its errors.
    private static func renamed(_ path: String, _ body: () throws(ImageError) -> [UInt8]) throws(ImageError)
        -> [UInt8]
    {
        do {
            return try body()
        } catch .writeFailed(_, let message) {
            throw ImageError.writeFailed(path: path, message: message)
        } catch .unsupported(_, let format, let what) {
            throw ImageError.unsupported(path: path, format: format, what: what)
        } catch {
            throw error
        }
    }

    private static func store(_ bytes: [UInt8], to path: String) throws(ImageError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ImageError.writeFailed(path: path, message: error.localizedDescription)
        }
    }

    /// Encodes a colour-mapped image: one palette index per pixel, row-major, and a palette of RGB triples
    /// (2 to 256 entries). libpng writes the smallest bit depth that holds the indices: 1 bit for two
    /// entries, 2 for up to four, 4 for up to sixteen, else 8.
    /// - Throws: ``ImageError/writeFailed(path:message:)`` for a bad size, an index beyond the palette or a
    ///   libpng failure.
    public static func encodeIndexed(indices: [UInt8], width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)])
        throws(ImageError) -> [UInt8]
    {
        guard width > 0, height > 0, indices.count == width * height, (2...256).contains(palette.count),
            indices.allSatisfy({ Int($0) < palette.count })
        else {
            throw ImageError.writeFailed(path: memoryName, message: "bad colour-mapped image of \(width)x\(height)")
        }
        return try encode(
            pixels: indices, start: 0, width: width, height: height, rowComponents: width,
            format: PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP, colormap: palette.flatMap { [$0.0, $0.1, $0.2] })
    }

    /// Encodes in one pass into a buffer of a first guess at the size, and once more into the size libpng
    /// then asks for when the guess was short. The guess counts the rows' samples with their stride: half
    /// of them and 64 KiB (a rendered symbol or a clean scan compresses to much less; noise does not), or,
    /// with `fast` (no row filters, so a photo's sensor noise compresses little), all of them with
    /// deflate's worst-case growth, so that a photo is compressed once.
    private static func encode(
        pixels: [UInt8], start: Int, width: Int, height: Int, rowComponents: Int, format: UInt32,
        colormap: [UInt8]? = nil, fast: Bool = false
    ) throws(ImageError) -> [UInt8] {
        guard width <= Int(UInt32.max), height <= Int(UInt32.max), rowComponents <= Int(Int32.max) else {
            throw ImageError.writeFailed(path: memoryName, message: "image of \(width)x\(height) is too large")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        image.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        image.colormap_entries = UInt32((colormap?.count ?? 0) / 3)
        let map = colormap ?? []

        let raw = height * rowComponents
        let guess = fast ? raw + raw / 8 + height + 65536 : raw / 2 + 65536
        var size = png_alloc_size_t(guess)
        var output = [UInt8](repeating: 0, count: guess)
        func write() -> Int32 {
            pixels.withUnsafeBytes { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return 0 }
                return output.withUnsafeMutableBytes { target in
                    map.withUnsafeBytes { m in
                        png_image_write_to_memory(
                            &image, target.baseAddress, &size, 0, base + start, Int32(rowComponents),
                            map.isEmpty ? nil : m.baseAddress)
                    }
                }
            }
        }
        var written = write()
        if written == 0 && Int(size) > guess {
            // The guess was short: libpng says how much the stream needs.
            output = [UInt8](repeating: 0, count: Int(size))
            written = write()
        }
        guard written != 0, Int(size) <= output.count else { throw failure(&image) }
        output.removeLast(output.count - Int(size))
        return output
    }

    private static func failure(_ image: inout png_image) -> ImageError {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return ImageError.writeFailed(path: memoryName, message: message.isEmpty ? "libpng failed" : message)
    }
}
