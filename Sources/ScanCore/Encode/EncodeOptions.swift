/// Every knob of symbol generation, one line each with its default. A symbology ignores the knobs it has
/// no use for (Code 128 has no error-correction level or version).
public struct EncodeOptions: Sendable, Equatable {
    /// Error-correction level by the symbology's own name (`L`, `M`, `Q`, `H` for QR Code); `nil` for the
    /// symbology's default (QR Code: `M`). Default: nil.
    public var errorCorrectionLevel: String? = nil
    /// A fixed symbol size by the symbology's numbering (QR Code version 1…40); `nil` for the smallest that
    /// holds the payload. Default: nil.
    public var version: Int? = nil
    /// When to write an ECI designator for text. Default: `.auto`.
    public var eci: ECIPolicy = .auto
    /// The payload is GS1 data: an HRI string `(01)…(10)…`, or an element string with GS (0x1D) after
    /// variable-length fields; it is encoded with FNC1 in first position. Default: false.
    public var gs1: Bool = false
    /// Split the payload over this many symbols of a structured-append set (QR Code: 2…16); 1 or less makes
    /// one ordinary symbol. Default: 1.
    public var structuredAppend: Int = 1
    /// A fixed data mask pattern (QR Code 0…7); `nil` to choose by the penalty rules. Default: nil.
    public var mask: Int? = nil

    public init() {}
}

/// When an encoder writes an Extended Channel Interpretation designator for text (AIM ECI; ISO/IEC 18004
/// §7.4.3 for QR Code).
public enum ECIPolicy: String, Sendable, CaseIterable, Codable {
    /// Only when readers would otherwise misread the text: QR Code writes text representable in
    /// ISO/IEC 8859-1 in that set without ECI, and other text as UTF-8 with ECI 26.
    case auto
    /// Always: text as UTF-8 with ECI 26, bytes with ECI 899 (binary).
    case force
    /// Never: text not representable in ISO/IEC 8859-1 goes out as UTF-8 with no ECI (most readers guess
    /// UTF-8).
    case none
}
