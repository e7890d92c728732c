import CTurboJPEG
import ScanCore

/// JPEG encoding through libjpeg-turbo's TurboJPEG API (`tjCompress2`), for previews and snapshots.
///
/// ```swift
/// let encoder = try JPEGEncoder()
/// let bytes = try encoder.encode(pixels, width: 640, height: 480, stride: 640 * 4, layout: .bgrx, quality: 80)
/// ```
///
/// Baseline JPEG with 4:2:0 chroma subsampling for colour input (4:0:0 for grey), libjpeg-turbo's fast
/// integer DCT. A compressor handle is created per encoder and reused; an encoder is not safe to use from
/// two threads at once (give each thread its own).
public final class JPEGEncoder {
    /// How the input pixels are laid out in memory.
    public enum Layout: Sendable {
        /// One byte per pixel (luminance).
        case gray
        /// Three bytes per pixel: red, green, blue.
        case rgb
        /// Four bytes per pixel: blue, green, red, unused (cairo's `CAIRO_FORMAT_RGB24` and `ARGB32` on
        /// little-endian machines).
        case bgrx

        var bytesPerPixel: Int {
            switch self {
            case .gray: return 1
            case .rgb: return 3
            case .bgrx: return 4
            }
        }

        var turboFormat: TJPF {
            switch self {
            case .gray: return TJPF_GRAY
            case .rgb: return TJPF_RGB
            case .bgrx: return TJPF_BGRX
            }
        }
    }

    /// A failure of libjpeg-turbo or an impossible request, with its message.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let handle: tjhandle

    /// - Throws: ``Failure`` when libjpeg-turbo cannot create a compressor.
    public init() throws(Failure) {
        guard let handle = tjInitCompress() else {
            throw Failure(description: "cannot create a TurboJPEG compressor")
        }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// Encodes `pixels` (`height` rows of `stride` bytes, each starting with `width` pixels in `layout`).
    /// - Parameter quality: 1 (smallest) … 100 (best).
    /// - Throws: ``Failure`` for a buffer shorter than the image, a size of 0 or a libjpeg-turbo error.
    public func encode(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, layout: Layout, quality: Int
    ) throws(Failure) -> [UInt8] {
        guard width > 0, height > 0, width <= 65_535, height <= 65_535 else {
            throw Failure(description: "cannot encode a \(width)x\(height) JPEG")
        }
        let rowBytes = width * layout.bytesPerPixel
        guard stride >= rowBytes, pixels.count >= stride * (height - 1) + rowBytes else {
            throw Failure(description: "pixel buffer of \(pixels.count) bytes is too short for \(width)x\(height)")
        }
        guard let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw Failure(description: "empty pixel buffer")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let subsampling = layout == .gray ? TJSAMP_GRAY : TJSAMP_420
        let result = tjCompress2(
            handle, base, Int32(width), Int32(stride), Int32(height), Int32(layout.turboFormat.rawValue), &output,
            &size, Int32(subsampling.rawValue), Int32(min(100, max(1, quality))), TJFLAG_FASTDCT)
        defer { if let output { tjFree(output) } }
        guard result == 0, let output else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw Failure(description: "JPEG encoding failed: \(message)")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Encodes a luminance image as a greyscale JPEG.
    public func encode(_ image: LuminanceImage, quality: Int) throws(Failure) -> [UInt8] {
        let packed = image.packedPixels
        let result = packed.withUnsafeBytes { bytes in
            Result { () throws(Failure) -> [UInt8] in
                try encode(
                    bytes, width: image.width, height: image.height, stride: image.width, layout: .gray,
                    quality: quality)
            }
        }
        return try result.get()
    }
}
