import ScanCore

/// The Code 93 plugin (AIM USS Code 93 / ANSI MH10.8M): all 47 characters, both check characters
/// verified (and not part of the value), Full ASCII shift pairs decoded.
///
/// ```swift
/// let codes = Code93Decoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue   // "CODE 93"
/// ```
///
/// A symbol whose C or K check character is wrong, or with an invalid shift pair, is not a result.
/// Symbology identifier (ISO/IEC 15424): `]G0`, the only one Code 93 defines.
public struct Code93Decoder: LinearSymbologyDecoder {
    public let name = "code93"
    public let formats: Set<BarcodeFormat> = [.code93]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = Code93RowDecoder()

    public init() {}

}
