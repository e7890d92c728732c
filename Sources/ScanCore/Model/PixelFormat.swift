/// The memory layout of a frame's pixels.
///
/// Packed formats store one plane, row after row, `stride` bytes apart. Planar YUV formats
/// (`nv12`, `i420`) store the full-resolution luma plane first, then chroma planes at half
/// resolution in both directions; `stride` is the luma plane's row pitch and chroma rows are
/// `stride` rounded up to even (NV12: ⌈width / 2⌉ U V pairs) or ⌈stride / 2⌉ (I420) bytes apart, as V4L2
/// and `ffmpeg -f rawvideo` lay them out. Packed 4:2:2 rows (`yuyv`, `uyvy`) hold ⌈width / 2⌉ pixel pairs
/// of 4 bytes: an odd width takes a whole last pair.
///
/// | case | bytes per pixel | layout |
/// |---|---|---|
/// | `gray8` | 1 | Y |
/// | `rgb24` | 3 | R G B |
/// | `bgr24` | 3 | B G R |
/// | `rgba32` | 4 | R G B A (alpha ignored for luminance) |
/// | `yuyv` | 2 | Y0 U Y1 V per pixel pair (V4L2 `YUYV`) |
/// | `uyvy` | 2 | U Y0 V Y1 per pixel pair (V4L2 `UYVY`) |
/// | `nv12` | 1.5 | Y plane, then interleaved U V plane (V4L2 `NV12`) |
/// | `i420` | 1.5 | Y plane, then U plane, then V plane (V4L2 `YU12`) |
public enum PixelFormat: String, Sendable, CaseIterable, Codable {
    case gray8, rgb24, bgr24, rgba32, yuyv, uyvy, nv12, i420

    /// Bytes per pixel in the first (or only) plane.
    public var bytesPerPixel: Int {
        switch self {
        case .gray8, .nv12, .i420: return 1
        case .yuyv, .uyvy: return 2
        case .rgb24, .bgr24: return 3
        case .rgba32: return 4
        }
    }

    /// The smallest row pitch in bytes of the first plane for `width` pixels.
    public func minimumStride(width: Int) -> Int {
        switch self {
        case .yuyv, .uyvy: return 4 * ((width + 1) / 2)
        default: return width * bytesPerPixel
        }
    }

    /// Total bytes of one frame with the given size and first-plane stride (bytes).
    ///
    /// For `nv12` and `i420` this includes the chroma planes (`(height + 1) / 2` chroma rows).
    public func frameByteCount(width: Int, height: Int, stride: Int) -> Int {
        let chromaRows = (height + 1) / 2
        switch self {
        case .nv12: return stride * height + 2 * ((stride + 1) / 2) * chromaRows
        case .i420: return stride * height + 2 * ((stride + 1) / 2) * chromaRows
        default: return stride * height
        }
    }
}
