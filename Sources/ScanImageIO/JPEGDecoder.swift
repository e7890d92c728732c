import CTurboJPEG

/// JPEG decoding through libjpeg-turbo's TurboJPEG API (`tjDecompressHeader3`, `tjDecompress2`).
///
/// - Baseline, extended and progressive (and arithmetic-coded, when libjpeg-turbo has it) 8-bit JPEGs.
///   Greyscale JPEGs decode to 1 byte per pixel, YCbCr/RGB ones to RGB (or, asked for luma only, to their luma
///   plane), with the accurate integer IDCT.
/// - CMYK and YCCK JPEGs (print workflows) decode through libjpeg-turbo to CMYK (it undoes the YCCK transform),
///   then to RGB by the uncalibrated ink formula R = (1 − C)(1 − K), G = (1 − M)(1 − K), B = (1 − Y)(1 − K):
///   no colour profile is applied, which is enough to tell bars from spaces. With an Adobe APP14 segment
///   (written by Photoshop, libjpeg, Pillow) the samples are stored inverted (255 = no ink) and are read so.
/// - The EXIF orientation in APP1 (``EXIFOrientation``) is applied, so the pixels are upright.
/// - Warnings: libjpeg's warnings on damaged entropy data (`TJFLAG_STOPONWARNING` is off) are accepted when
///   the stream is complete (it has an EOI after the scan) — the image is returned as decoded, and the
///   warning goes to `warning`, so that the damage is said, not passed over. A stream that
///   ends early (no EOI) is reported as `truncated` even though libjpeg could fill the missing part with
///   grey: a half-grey frame would silently read as "no code", and a file still being written can be retried.
/// - Errors: a header or scan that stops short is `truncated`; any other libjpeg error is `corrupt` with
///   libjpeg-turbo's message.
enum JPEGDecoder {
    /// Decodes `data`; with `lumaOnly`, a YCbCr, RGB or greyscale JPEG gives its luma plane, 1 byte per pixel
    /// (CMYK and YCCK ones still decode to RGB).
    static func decode(
        _ data: [UInt8], name: String, limits: ImageLimits, lumaOnly: Bool = false,
        warning: ((String) -> Void)? = nil
    ) throws(ImageError) -> DecodedImage {
        let structure = JPEGStructure(data)
        guard let handle = tjInitDecompress() else {
            throw ImageError.corrupt(path: name, format: .jpeg, message: "cannot create a TurboJPEG decompressor")
        }
        defer { tjDestroy(handle) }

        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let headerResult = data.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerResult == 0, width > 0, height > 0 else {
            // libjpeg-turbo may accept a header cut before the frame header and report a 0×0 image.
            let message = headerResult == 0 ? "no frame header (SOF)" : errorMessage(handle)
            if !structure.reachedScan {
                throw ImageError.truncated(path: name, format: .jpeg, message: "data ends in the header (\(message))")
            }
            throw ImageError.corrupt(path: name, format: .jpeg, message: message)
        }
        try limits.check(width: Int(width), height: Int(height), path: name)
        let isInk = colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue
        let isGray = colorspace == TJCS_GRAY.rawValue || (lumaOnly && !isInk)
        let channels = isGray ? 1 : isInk ? 4 : 3
        let pixelFormat = isGray ? TJPF_GRAY : isInk ? TJPF_CMYK : TJPF_RGB
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
        let result = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                    pixelFormat.rawValue, TJFLAG_ACCURATEDCT)
            }
        }
        if result != 0 {
            let message = errorMessage(handle)
            let isWarning = tjGetErrorCode(handle) == TJERR_WARNING.rawValue
            if !structure.hasEnd {
                throw ImageError.truncated(path: name, format: .jpeg, message: "data ends in the scan (\(message))")
            }
            if !isWarning {
                throw ImageError.corrupt(path: name, format: .jpeg, message: message)
            }
            // A complete stream with a recoverable flaw: keep what libjpeg decoded, and say so.
            warning?("damaged JPEG data, decoded as far as it goes (\(message))")
        }

        if isInk { pixels = rgb(fromCMYK: pixels, inverted: structure.adobeTransform != nil) }
        let image = DecodedImage(pixels: pixels, width: Int(width), height: Int(height), channels: isInk ? 3 : channels)
        guard let exif = structure.exif, let orientation = EXIFOrientation.parse(app1: exif) else { return image }
        return orientation.apply(to: image)
    }

    /// RGB from packed CMYK samples: each colour is its ink's complement times black's complement, rounded.
    /// `inverted`: the samples are stored as 255 − ink (the Adobe convention).
    static func rgb(fromCMYK cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        let count = cmyk.count / 4
        var rgb = [UInt8](repeating: 0, count: count * 3)
        cmyk.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { target in
                for i in 0..<count {
                    // The complement of each ink: 255 = none.
                    let c = Int(source[4 * i])
                    let m = Int(source[4 * i + 1])
                    let y = Int(source[4 * i + 2])
                    let k = Int(source[4 * i + 3])
                    let (cc, mc, yc, kc) = inverted ? (c, m, y, k) : (255 - c, 255 - m, 255 - y, 255 - k)
                    target[3 * i] = UInt8((cc * kc + 127) / 255)
                    target[3 * i + 1] = UInt8((mc * kc + 127) / 255)
                    target[3 * i + 2] = UInt8((yc * kc + 127) / 255)
                }
            }
        }
        return rgb
    }

    private static func errorMessage(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
