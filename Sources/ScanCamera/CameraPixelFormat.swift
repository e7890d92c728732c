/// A V4L2 pixel format code: four ASCII characters packed little-endian (`v4l2_fourcc('Y','U','Y','V')`).
///
/// ```swift
/// FourCC("YUYV").rawValue == 0x5659_5559
/// ```
public struct FourCC: Hashable, Sendable, CustomStringConvertible {
    /// The packed code as the driver reports it.
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The code of four ASCII characters (shorter text is padded with spaces).
    public init(_ text: String) {
        var bytes = Array(text.utf8.prefix(4))
        while bytes.count < 4 { bytes.append(0x20) }
        rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }
    /// The four characters, trailing spaces removed (`YUYV`, `RGB3`).
    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        let text = String(decoding: bytes.map { (0x20...0x7e).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        return text.trimmingSuffixSpaces
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

/// The capture formats scanctl can turn into frames, by the names a session uses for `pixel_format:`.
///
/// | case | V4L2 | frame made |
/// |---|---|---|
/// | `gray8` | `GREY` | gray8 (rows copied) |
/// | `yuyv` | `YUYV` | gray8: the Y samples only |
/// | `uyvy` | `UYVY` | gray8: the Y samples only |
/// | `nv12` | `NV12` | gray8: the Y plane only |
/// | `i420` | `YU12` | gray8: the Y plane only |
/// | `rgb24` | `RGB3` | rgb24 (luminance computed when decoding) |
/// | `bgr24` | `BGR3` | bgr24 (luminance computed when decoding) |
/// | `mjpeg` | `MJPG` (or `JPEG`) | decoded with libjpeg-turbo: gray8 or rgb24 |
public enum CameraPixelFormat: String, Sendable, CaseIterable, Hashable {
    case gray8, yuyv, uyvy, nv12, i420, rgb24, bgr24, mjpeg

    /// The V4L2 code this format is requested with.
    public var fourcc: FourCC {
        switch self {
        case .gray8: return FourCC("GREY")
        case .yuyv: return FourCC("YUYV")
        case .uyvy: return FourCC("UYVY")
        case .nv12: return FourCC("NV12")
        case .i420: return FourCC("YU12")
        case .rgb24: return FourCC("RGB3")
        case .bgr24: return FourCC("BGR3")
        case .mjpeg: return FourCC("MJPG")
        }
    }

    /// The format a V4L2 code stands for, if scanctl can convert it (`JPEG` is read as `mjpeg`).
    public init?(fourcc: FourCC) {
        if fourcc == FourCC("JPEG") {
            self = .mjpeg
            return
        }
        guard let match = Self.allCases.first(where: { $0.fourcc == fourcc }) else { return nil }
        self = match
    }

    /// Preference when the requested format is not offered: formats whose luminance is a plain copy first,
    /// then colour formats, JPEG last (it costs a decode per frame).
    public static let fallbackOrder: [CameraPixelFormat] = [.gray8, .yuyv, .uyvy, .nv12, .i420, .rgb24, .bgr24, .mjpeg]
}
