import ScanCore

/// The Codabar plugin (ANSI/AIM BC3 / EN 798), format `codabar`.
///
/// ```swift
/// let codes = CodabarDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue       // "A1234B"
/// codes.first?.displayValue   // "1234"
/// ```
///
/// The start and stop characters (`A`–`D`) stay in `rawValue` and are left out of `displayValue`; they are
/// also in `metadata["start"]` and `metadata["stop"]`. Symbols with fewer than
/// ``DecodeOptions/codabarMinLength`` data characters are not reported (short Codabar reads are a common
/// false positive). No check character is processed (the standard defines none), so the symbology
/// identifier (ISO/IEC 15424) is `]F0`.
public struct CodabarDecoder: LinearSymbologyDecoder {
    public let name = "codabar"
    public let formats: Set<BarcodeFormat> = [.codabar]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = CodabarRowDecoder()

    public init() {}

}
