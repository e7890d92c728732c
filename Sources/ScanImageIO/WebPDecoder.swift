import CWebP

/// WebP (lossy VP8 and lossless VP8L, still images) through libwebp's simple decoding API.
///
/// WebP is always colour, so the result is RGB; an alpha channel is composited on white like PNG
/// transparency. Animated WebP is refused as unsupported (which frame would be the image is not defined).
enum WebPDecoder {
    static func decode(_ data: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> DecodedImage {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { buf in
            WebPGetFeaturesInternal(buf.baseAddress, buf.count, &features, scanctl_webp_decoder_abi_version)
        }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA:
            throw ImageError.truncated(path: name, format: .webp, message: "the header is cut short")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            throw ImageError.unsupported(path: name, format: .webp, what: "a WebP feature libwebp cannot decode")
        default:
            throw ImageError.corrupt(
                path: name, format: .webp, message: "invalid WebP header (status \(status.rawValue))")
        }
        if features.has_animation != 0 {
            throw ImageError.unsupported(path: name, format: .webp, what: "animated WebP")
        }
        let width = Int(features.width), height = Int(features.height)
        try limits.check(width: width, height: height, path: name)
        let hasAlpha = features.has_alpha != 0
        let channels = hasAlpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let ok = data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                hasAlpha
                    ? WebPDecodeRGBAInto(src.baseAddress, src.count, dst.baseAddress, dst.count, Int32(width * 4))
                        != nil
                    : WebPDecodeRGBInto(src.baseAddress, src.count, dst.baseAddress, dst.count, Int32(width * 3)) != nil
            }
        }
        guard ok else {
            // The header was valid, so a failure here is missing or damaged image data.
            throw ImageError.corrupt(path: name, format: .webp, message: "the image data could not be decoded")
        }
        if hasAlpha { pixels = compositeOnWhite(rgba: pixels) }
        return DecodedImage(pixels: pixels, width: width, height: height, channels: 3)
    }

    /// RGBA → RGB over a white background: `c' = (c·a + 255·(255 − a) + 127) / 255` per channel.
    static func compositeOnWhite(rgba: [UInt8]) -> [UInt8] {
        let n = rgba.count / 4
        var rgb = [UInt8](repeating: 0, count: n * 3)
        for i in 0..<n {
            let a = Int(rgba[4 * i + 3])
            for c in 0..<3 {
                rgb[3 * i + c] = UInt8((Int(rgba[4 * i + c]) * a + 255 * (255 - a) + 127) / 255)
            }
        }
        return rgb
    }
}
