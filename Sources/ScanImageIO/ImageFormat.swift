/// The image file formats this module reads, recognised by their first bytes (never by file extension).
public enum ImageFormat: String, Sendable, CaseIterable {
    /// PNG: signature `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG (JFIF, EXIF or bare): starts with SOI `FF D8 FF`.
    case jpeg
    /// Netpbm PGM/PPM: `P2`, `P3` (ASCII) or `P5`, `P6` (binary), followed by whitespace.
    /// (`P1`, `P4` and `P7` are recognised too, so they can be refused as unsupported.)
    case pnm
    /// WebP: `RIFF`, a 4-byte size, then `WEBP`.
    case webp

    /// A human-readable name for messages.
    public var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .pnm: return "PGM/PPM"
        case .webp: return "WebP"
        }
    }

    /// The format whose signature starts `bytes`, or `nil` when none matches.
    ///
    /// A PNG signature must be complete (8 bytes); JPEG needs 3 bytes; WebP 12; Netpbm needs `P1`…`P7`
    /// followed by a whitespace byte or a `#` comment.
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= 8 && Array(bytes[0..<8]) == png { return .png }
        if bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 12 && Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            return .webp
        }
        if bytes.count >= 3 && bytes[0] == UInt8(ascii: "P") {
            let kind = bytes[1]
            let isPNM = kind >= UInt8(ascii: "1") && kind <= UInt8(ascii: "7")
            let next = bytes[2]
            if isPNM && (PNMDecoder.isWhitespace(next) || next == UInt8(ascii: "#")) { return .pnm }
        }
        return nil
    }
}
