import CPNG

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
/// - 16-bit interlaced images take a detour around a libpng bug (see `decodeThroughLinear`); results agree
///   with the non-interlaced path.
/// - Failures: a stream that ends before its IEND chunk is `truncated`, unless libpng already has all image
///   data (only IEND missing), in which case the complete image is returned; anything else libpng rejects is
///   `corrupt` with libpng's message.
enum PNGDecoder {
    static func decode(_ data: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> DecodedImage {
        // libpng's begin_read reads on to the first IDAT; check the size from IHDR before that.
        if let size = PNGChunks.declaredSize(data) {
            try limits.check(width: size.width, height: size.height, path: name)
        }
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
        if PNGChunks.isSixteenBitInterlaced(data) {
            return try decodeThroughLinear(&image, data: data, name: name, channels: channels)
        }
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

    /// Decodes a 16-bit Adam7 image through libpng's 16-bit "linear" output, then composites on white and
    /// scales to 8 bits here.
    ///
    /// libpng's simplified reader returns wrong pixels when it scales an interlaced 16-bit image to 8 bits
    /// (pnggroup/libpng issue #853; seen with Debian's 1.6.39). Its 16-bit linear output avoids that path:
    /// - without gAMA/sRGB/iCCP/cHRM chunks, 16-bit data counts as linear, so libpng passes the samples through
    ///   unchanged and they are scaled to 8 bits as `(v · 255 + 32767) / 65535` — the same bytes the
    ///   non-interlaced path gives;
    /// - with such chunks, libpng hands back linear light, re-encoded here with libpng's own sRGB
    ///   approximation (power 1/2.2); near black this may differ by one code from the non-interlaced path.
    /// Alpha is composited on white in the sample values libpng returns (premultiplied).
    private static func decodeThroughLinear(
        _ image: inout png_image, data: [UInt8], name: String, channels: Int
    ) throws(ImageError) -> DecodedImage {
        let hasAlpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0
        let samples = channels + (hasAlpha ? 1 : 0)
        image.format =
            PNG_FORMAT_FLAG_LINEAR | (channels == 3 ? PNG_FORMAT_FLAG_COLOR : 0)
            | (hasAlpha ? PNG_FORMAT_FLAG_ALPHA : 0)
        let isLinearLight = PNGChunks.hasColorInformation(data)
        let width = Int(image.width), height = Int(image.height)
        var linear = [UInt16](repeating: 0, count: width * height * samples)
        let finished = data.withUnsafeBytes { _ in
            linear.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * samples), nil)
            }
        }
        guard finished != 0 else { throw failure(&image, data: data, name: name) }

        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        linear.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<(width * height) {
                    // Linear output with alpha is premultiplied: colour + (1 − alpha) × white.
                    let uncovered = hasAlpha ? 65535 - Int(source[pixel * samples + channels]) : 0
                    for c in 0..<channels {
                        let value = min(65535, Int(source[pixel * samples + c]) + uncovered)
                        target[pixel * channels + c] =
                            isLinearLight ? encodeGamma(value) : UInt8((value * 255 + 32767) / 65535)
                    }
                }
            }
        }
        return DecodedImage(pixels: pixels, width: width, height: height, channels: channels)
    }

    /// An 8-bit code for a 16-bit linear-light value, with libpng's sRGB approximation (gamma 1/2.2).
    private static func encodeGamma(_ value: Int) -> UInt8 {
        UInt8((pow(Double(value) / 65535, 1 / 2.2) * 255).rounded())
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

    static func truncation(of data: [UInt8]) -> String? { PNGChunks.truncation(of: data) }
}

/// Small facts read straight from a PNG's bytes (PNG spec §5.3 chunk layout, §11.2.2 IHDR).
enum PNGChunks {
    /// Width and height declared by IHDR (PNG spec §11.2.2), when the chunk is present.
    static func declaredSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        guard data.count >= 24, data[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func u32(_ at: Int) -> Int {
            Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
        }
        return (u32(16), u32(20))
    }

    /// Whether IHDR declares 16-bit samples and Adam7 interlacing.
    static func isSixteenBitInterlaced(_ data: [UInt8]) -> Bool {
        // Signature (8), IHDR length and type (8), width (4), height (4), bit depth, colour type, compression,
        // filter, interlace.
        guard data.count >= 29, data[12..<16].elementsEqual("IHDR".utf8) else { return false }
        return data[24] == 16 && data[28] == 1
    }

    /// Whether a gAMA, sRGB, iCCP or cHRM chunk comes before the image data.
    static func hasColorInformation(_ data: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= data.count {
            let length =
                Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8
                | Int(data[offset + 3])
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return false }
            if ["gAMA", "sRGB", "iCCP", "cHRM"].contains(type) { return true }
            offset += 12 + length
        }
        return false
    }

    /// Walks the chunk list (length, type, data, CRC) and says where the data ran out before IEND,
    /// or `nil` when the stream is complete, or damaged before it ends: a chunk type that is not four
    /// letters (PNG spec §5.4) is no chunk, and what follows is not a stream cut short.
    static func truncation(of data: [UInt8]) -> String? {
        var offset = 8
        while true {
            guard offset + 8 <= data.count else { return "data ends at byte \(data.count) before the IEND chunk" }
            let length =
                Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8
                | Int(data[offset + 3])
            let typeBytes = data[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let end = offset + 12 + length
            guard end <= data.count else {
                return "chunk \(type) at byte \(offset) needs \(length + 12) bytes, only \(data.count - offset) remain"
            }
            if type == "IEND" { return nil }
            offset = end
        }
    }
}
