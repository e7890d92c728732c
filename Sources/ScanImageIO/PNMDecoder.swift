/// Our own Netpbm reader for PGM and PPM (the Netpbm format pages, netpbm.sourceforge.net/doc/pgm.html, ppm.html).
///
/// - `P2` (ASCII grey), `P5` (binary grey) decode to 1 byte per pixel; `P3` (ASCII RGB), `P6` (binary RGB) to RGB.
/// - Header: magic, width, height, maxval, separated by whitespace; `#` starts a comment running to the end of
///   the line, anywhere in the header (and, leniently, between ASCII samples). One whitespace byte separates
///   maxval from a binary raster.
/// - `maxval` 1…65535; samples are scaled to 8 bits as `(v · 255 + maxval / 2) / maxval`. Binary samples are
///   1 byte when maxval < 256, else 2 bytes big-endian.
/// - A raster shorter than the header announces is `truncated`; a sample above maxval, a bad number or a
///   zero size is `corrupt`. `P1`/`P4` (PBM) and `P7` (PAM) are recognised and refused as `unsupported`.
///   Only the first image of a multi-image file is read.
enum PNMDecoder {
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    static func decode(_ data: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> DecodedImage {
        var parser = Parser(data: data, name: name)
        let kind = data.count > 1 ? data[1] : 0
        let channels: Int
        let ascii: Bool
        switch kind {
        case UInt8(ascii: "2"): (channels, ascii) = (1, true)
        case UInt8(ascii: "3"): (channels, ascii) = (3, true)
        case UInt8(ascii: "5"): (channels, ascii) = (1, false)
        case UInt8(ascii: "6"): (channels, ascii) = (3, false)
        case UInt8(ascii: "1"), UInt8(ascii: "4"):
            throw ImageError.unsupported(path: name, format: .pnm, what: "PBM bitmap (P1/P4)")
        default:
            throw ImageError.unsupported(path: name, format: .pnm, what: "PAM or unknown Netpbm variant")
        }
        parser.offset = 2

        let width = try parser.headerNumber("width")
        let height = try parser.headerNumber("height")
        let maxval = try parser.headerNumber("maxval")
        guard width > 0, height > 0 else {
            throw ImageError.corrupt(path: name, format: .pnm, message: "image size \(width)x\(height) is empty")
        }
        guard maxval >= 1, maxval <= 65535 else {
            throw ImageError.corrupt(path: name, format: .pnm, message: "maxval \(maxval) is outside 1…65535")
        }
        try limits.check(width: width, height: height, path: name)

        let sampleCount = width * height * channels
        var pixels = [UInt8](repeating: 0, count: sampleCount)
        if ascii {
            try parser.readASCII(into: &pixels, maxval: maxval)
        } else {
            // Exactly one whitespace byte ends the header of a binary raster.
            guard parser.offset < data.count, isWhitespace(data[parser.offset]) else {
                throw parser.endOfHeader()
            }
            parser.offset += 1
            try parser.readBinary(into: &pixels, maxval: maxval)
        }
        return DecodedImage(pixels: pixels, width: width, height: height, channels: channels)
    }

    private struct Parser {
        let data: [UInt8]
        let name: String
        var offset = 0

        func endOfHeader() -> ImageError {
            offset >= data.count
                ? ImageError.truncated(path: name, format: .pnm, message: "data ends inside the header")
                : ImageError.corrupt(
                    path: name, format: .pnm, message: "unexpected byte \(data[offset]) at offset \(offset) in header")
        }

        /// Skips whitespace and `#` comments.
        mutating func skipSeparators() {
            while offset < data.count {
                let byte = data[offset]
                if isWhitespace(byte) {
                    offset += 1
                } else if byte == UInt8(ascii: "#") {
                    while offset < data.count && data[offset] != 0x0A && data[offset] != 0x0D { offset += 1 }
                } else {
                    return
                }
            }
        }

        /// The next decimal number, or `nil` at the end of the data. Throws on a non-digit or an absurd value.
        mutating func number(_ what: String) throws(ImageError) -> Int? {
            skipSeparators()
            guard offset < data.count else { return nil }
            var value = 0
            var digits = 0
            while offset < data.count, data[offset] >= 0x30, data[offset] <= 0x39 {
                value = value * 10 + Int(data[offset] - 0x30)
                digits += 1
                offset += 1
                guard value <= 1 << 40 else {
                    throw ImageError.corrupt(path: name, format: .pnm, message: "\(what) is too large a number")
                }
            }
            guard digits > 0 else {
                throw ImageError.corrupt(
                    path: name, format: .pnm,
                    message: "expected \(what) at offset \(offset), found byte \(data[offset])")
            }
            if offset < data.count && !isWhitespace(data[offset]) && data[offset] != UInt8(ascii: "#") {
                throw ImageError.corrupt(
                    path: name, format: .pnm, message: "\(what) is followed by byte \(data[offset]) at offset \(offset)"
                )
            }
            return value
        }

        mutating func headerNumber(_ what: String) throws(ImageError) -> Int {
            guard let value = try number(what) else {
                throw ImageError.truncated(path: name, format: .pnm, message: "data ends before the \(what)")
            }
            return value
        }

        mutating func readASCII(into pixels: inout [UInt8], maxval: Int) throws(ImageError) {
            for index in 0..<pixels.count {
                guard let value = try number("sample") else {
                    throw ImageError.truncated(
                        path: name, format: .pnm, message: "\(index) of \(pixels.count) samples present")
                }
                pixels[index] = try scaled(value, maxval: maxval, index: index)
            }
        }

        mutating func readBinary(into pixels: inout [UInt8], maxval: Int) throws(ImageError) {
            let bytesPerSample = maxval < 256 ? 1 : 2
            let needed = pixels.count * bytesPerSample
            let available = data.count - offset
            guard available >= needed else {
                throw ImageError.truncated(
                    path: name, format: .pnm, message: "raster has \(available) of \(needed) bytes")
            }
            let start = offset
            for index in 0..<pixels.count {
                let value =
                    bytesPerSample == 1
                    ? Int(data[start + index])
                    : Int(data[start + 2 * index]) << 8 | Int(data[start + 2 * index + 1])
                pixels[index] = try scaled(value, maxval: maxval, index: index)
            }
            offset += needed
        }

        func scaled(_ value: Int, maxval: Int, index: Int) throws(ImageError) -> UInt8 {
            guard value <= maxval else {
                throw ImageError.corrupt(
                    path: name, format: .pnm, message: "sample \(index) is \(value), above maxval \(maxval)")
            }
            if maxval == 255 { return UInt8(value) }
            return UInt8((value * 255 + maxval / 2) / maxval)
        }
    }
}
