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
    /// Guards against reads along a row of another symbol's modules (a PDF417's rows hold Codabar-like
    /// stretches, and Codabar has no check character).
    let barHeightCheck = BarHeightCheck()

    public init() {}

    /// A read's length in narrow widths, roughly: each character is four bars and three spaces, two or
    /// three of them wide (about 2.5 narrow widths), and a narrow gap, about 12 narrow widths.
    static func modules(characters: Int) -> Double { Double(characters) * 12 }

    /// The engine's readings whose bars run on across them (``BarHeightCheck``).
    public func refine(_ found: [Barcode], frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        guard !options.pure else { return found }
        return found.filter {
            barHeightCheck.accepts($0, modules: Self.modules(characters: $0.rawBytes.count), image: frame.image)
        }
    }
}
