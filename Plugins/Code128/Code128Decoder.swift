import ScanCore

/// The Code 128 plugin, GS1-128 included (ISO/IEC 15417:2007; GS1 General Specifications §5.4).
///
/// ```swift
/// let codes = Code128Decoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue   // "Code 128"
/// ```
///
/// Values: the data characters as ISO/IEC 8859-1 text (FNC4 characters above 127 included), with FNC1
/// after the first position as GS (0x1D). A leading FNC1 makes the symbol GS1-128: it is not part of the
/// value, the identifier is `]C1` and `metadata["gs1"]` is `"true"`. Symbology identifiers
/// (ISO/IEC 15424): `]C0` standard, `]C1` GS1-128, `]C2` FNC1 in second position. A symbol with FNC2
/// (message append) is reported with `metadata["message_append"] = "true"`; one with FNC3 programs the
/// reader and is not reported.
public struct Code128Decoder: LinearSymbologyDecoder {
    public let name = "code128"
    public let formats: Set<BarcodeFormat> = [.code128]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = Code128RowDecoder()

    public init() {}

}
