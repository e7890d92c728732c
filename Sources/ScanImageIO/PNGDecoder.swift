import CPNG

/// PNG decoding through libpng's simplified API (`png_image_begin_read_from_memory`, `png_image_finish_read`).
///
/// Every PNG variant libpng reads is accepted: bit depths 1, 2, 4, 8 and 16; grey, grey + alpha, RGB, RGBA,
/// palette (with or without tRNS); Adam7 interlaced or not.
/// - Grey sources (colour types 0 and 4) decode to 1 byte per pixel, all others (2, 3, 6) to RGB. A palette
///   image is a colour source even when its entries happen to be grey.
/// - Alpha and tRNS transparency are composited on white by libpng (`background` = sRGB white). libpng
///   composites in linear light, so a half-transparent black pixel reads lighter than 128; fully transparent
///   reads 255 and fully opaque keeps its value.
/// - 16-bit samples without a gAMA/sRGB chunk are taken as sRGB-encoded (`PNG_IMAGE_FLAG_16BIT_sRGB`), so
///   0x8080 reads as 0x80, as other viewers show it. Files with gAMA/cHRM/iCCP are converted to sRGB by libpng.
/// - Failures: a stream that ends before its IEND chunk is `truncated`; anything else libpng rejects is
///   `corrupt` with libpng's message.
enum PNGDecoder {
    static func decode(_ data: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> DecodedImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)

        let begun = data.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard begun != 0 else { throw failure(&image, data: data, name: name) }

        let width = Int(image.width), height = Int(image.height)
        do {
            try limits.check(width: width, height: height, path: name)
        } catch {
            png_image_free(&image)
            throw error
        }

        let isColor = (image.format & PNG_FORMAT_FLAG_COLOR) != 0
        let channels = isColor ? 3 : 1
        image.format = isColor ? PNG_FORMAT_RGB : UInt32(PNG_FORMAT_GRAY)
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

        let rowStride = width * channels
        var pixels = [UInt8](repeating: 0, count: rowStride * height)
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = data.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, &white, buffer.baseAddress, png_int_32(rowStride), nil)
            }
        }
        guard finished != 0 else { throw failure(&image, data: data, name: name) }
        return DecodedImage(pixels: pixels, width: width, height: height, channels: channels)
    }

    /// The error for a failed libpng call: `truncated` when the chunk stream stops short, else `corrupt`.
    /// (On failure libpng has already released the image's resources.)
    private static func failure(_ image: inout png_image, data: [UInt8], name: String) -> ImageError {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        if let shortfall = truncation(of: data) {
            return ImageError.truncated(path: name, format: .png, message: "\(shortfall) (libpng: \(message))")
        }
        return ImageError.corrupt(path: name, format: .png, message: message.isEmpty ? "unknown error" : message)
    }

    /// Walks the chunk list (length, type, data, CRC) and says where the data ran out before IEND,
    /// or `nil` when the stream is complete.
    static func truncation(of data: [UInt8]) -> String? {
        var offset = 8
        while true {
            guard offset + 8 <= data.count else { return "data ends at byte \(data.count) before the IEND chunk" }
            let length =
                Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8
                | Int(data[offset + 3])
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            guard end <= data.count else {
                return "chunk \(type) at byte \(offset) needs \(length + 12) bytes, only \(data.count - offset) remain"
            }
            if type == "IEND" { return nil }
            offset = end
        }
    }
}
