/// The EXIF orientation (TIFF tag 0x0112): how the stored pixels must be turned to show the scene upright.
///
/// Raw values follow the EXIF 2.32 / TIFF 6.0 definition, read as "the stored row 0 is the visual …,
/// the stored column 0 is the visual …":
///
/// | value | row 0 | column 0 | to make upright |
/// |---|---|---|---|
/// | 1 | top | left | nothing |
/// | 2 | top | right | mirror left–right |
/// | 3 | bottom | right | rotate 180° |
/// | 4 | bottom | left | mirror top–bottom |
/// | 5 | left | top | transpose (mirror along the main diagonal) |
/// | 6 | right | top | rotate 90° clockwise |
/// | 7 | right | bottom | transverse (mirror along the anti-diagonal) |
/// | 8 | left | bottom | rotate 90° counter-clockwise |
///
/// Values 5–8 swap width and height.
enum EXIFOrientation: Int, Sendable, CaseIterable {
    case up = 1, mirrored = 2, rotated180 = 3, flipped = 4, transposed = 5, rotatedClockwise = 6,
        transversed = 7, rotatedCounterClockwise = 8

    /// Reads the orientation from an APP1 payload that starts with `Exif\0\0` followed by a TIFF structure,
    /// little-endian (`II*\0`) or big-endian (`MM\0*`). Only IFD0 is consulted. Returns `nil` when the
    /// payload is malformed or holds no valid orientation tag (the caller then keeps the pixels as stored).
    static func parse(app1 payload: ArraySlice<UInt8>) -> EXIFOrientation? {
        let bytes = Array(payload)
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        guard bytes.count >= 14, Array(bytes[0..<6]) == header else { return nil }
        let tiff = 6
        let littleEndian: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            let a = Int(bytes[at]), b = Int(bytes[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(littleEndian ? at : at + 2), let high = u16(littleEndian ? at + 2 : at) else {
                return nil
            }
            return high << 16 | low
        }
        guard u16(tiff + 2) == 42, let ifdOffset = u32(tiff + 4) else { return nil }
        let ifd = tiff + ifdOffset
        guard let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
            guard u16(entry + 2) == 3, u32(entry + 4) == 1, let value = u16(entry + 8) else { return nil }
            return EXIFOrientation(rawValue: value)
        }
        return nil
    }

    /// Whether the upright image is `height` wide and `width` high.
    var swapsAxes: Bool { rawValue >= 5 }

    /// The upright version of `image` (a new pixel buffer; `self == .up` returns `image` unchanged).
    func apply(to image: DecodedImage) -> DecodedImage {
        if self == .up { return image }
        let w = image.width, h = image.height, channels = image.channels
        let outWidth = swapsAxes ? h : w
        let outHeight = swapsAxes ? w : h
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        // Where the stored pixel (x, y) lands in the upright image.
                        let (u, v): (Int, Int)
                        switch self {
                        case .up: (u, v) = (x, y)
                        case .mirrored: (u, v) = (w - 1 - x, y)
                        case .rotated180: (u, v) = (w - 1 - x, h - 1 - y)
                        case .flipped: (u, v) = (x, h - 1 - y)
                        case .transposed: (u, v) = (y, x)
                        case .rotatedClockwise: (u, v) = (h - 1 - y, x)
                        case .transversed: (u, v) = (h - 1 - y, w - 1 - x)
                        case .rotatedCounterClockwise: (u, v) = (y, w - 1 - x)
                        }
                        let s = (y * w + x) * channels
                        let d = (v * outWidth + u) * channels
                        for c in 0..<channels { dst[d + c] = src[s + c] }
                    }
                }
            }
        }
        return DecodedImage(pixels: out, width: outWidth, height: outHeight, channels: channels)
    }
}
