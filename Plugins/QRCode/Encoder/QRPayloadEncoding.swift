import ScanCore

/// The bytes a QR Code symbol carries for a payload, and the ECI designator they need (ISO/IEC
/// 18004:2015 §7.4.3 ECI, §7.4.5 byte mode's default ISO/IEC 8859-1, §7.4.8 FNC1).
///
/// Text under ``ECIPolicy/auto``: ISO/IEC 8859-1 bytes with no ECI when every character is in that set
/// and readers would read the bytes back as that set (``ECI/guessCharacterSet(_:)`` says ISO-8859-1);
/// ECI 3 (ISO/IEC 8859-1) when those bytes would pass for UTF-8 or Shift_JIS; otherwise UTF-8 with ECI 26.
/// ``ECIPolicy/force``: UTF-8 with ECI 26 (bytes: ECI 899). ``ECIPolicy/none``: ISO/IEC 8859-1 when it
/// can, else UTF-8, never an ECI. Bytes are encoded as they are; Kanji mode may carry their Shift_JIS
/// double bytes when no ECI is written. GS1 data is an element string (``GS1ElementSyntax``) with FNC1 in
/// first position and no ECI.
public struct QRPayloadEncoding: Sendable, Equatable {
    /// The bytes the segments will hold.
    public var bytes: [UInt8]
    /// The ECI designator to write, or `nil`.
    public var eci: Int?
    /// Kanji mode may be used for Shift_JIS double bytes.
    public var allowsKanji: Bool
    /// GS1: FNC1 in first position, GS (0x1D) bytes stand for FNC1.
    public var gs1: Bool
    /// Byte offsets where a structured-append split may fall (character starts of text; every offset of
    /// bytes), ascending, 0 excluded.
    public var splitPoints: [Int]

    /// ECI designators used here (AIM ECI register).
    public static let eciISO8859_1 = 3, eciUTF8 = 26, eciBinary = 899

    /// - Throws: ``EncodeError`` for an empty payload, malformed GS1 data, or GS1 with ``ECIPolicy/force``.
    public init(_ payload: EncodePayload, options: EncodeOptions) throws(EncodeError) {
        gs1 = options.gs1
        if options.gs1 {
            guard options.eci != .force else { throw EncodeError(.invalidOption, "GS1 data takes no ECI designator") }
            bytes = try GS1ElementSyntax.payload(payload)
            eci = nil
            allowsKanji = false
            splitPoints = Array(1..<max(1, bytes.count))
            return
        }
        switch payload {
        case .bytes(let b):
            bytes = b
            eci = options.eci == .force ? QRPayloadEncoding.eciBinary : nil
            allowsKanji = eci == nil
            splitPoints = Array(1..<max(1, b.count))
        case .text(let t):
            let latin1 = t.unicodeScalars.allSatisfy { $0.value < 256 }
            allowsKanji = false
            switch (options.eci, latin1) {
            case (.force, _):
                bytes = Array(t.utf8)
                eci = QRPayloadEncoding.eciUTF8
            case (_, true):
                bytes = t.unicodeScalars.map { UInt8($0.value) }
                let misread =
                    options.eci == .auto && bytes.contains { $0 >= 0x80 } && ECI.guessCharacterSet(bytes) != .iso8859_1
                eci = misread ? QRPayloadEncoding.eciISO8859_1 : nil
            case (.auto, false):
                bytes = Array(t.utf8)
                eci = QRPayloadEncoding.eciUTF8
            case (.none, false):
                bytes = Array(t.utf8)
                eci = nil
            }
            var points: [Int] = []
            var offset = 0
            for scalar in t.unicodeScalars {
                if offset > 0 { points.append(offset) }
                offset += latin1 && eci != QRPayloadEncoding.eciUTF8 ? 1 : UTF8.width(scalar)
            }
            splitPoints = points
        }
        guard !bytes.isEmpty else { throw EncodeError(.invalidPayload, "the payload is empty") }
    }
}
