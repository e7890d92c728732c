import ScanCore

/// The EAN/UPC plugin: EAN-13, EAN-8, UPC-A and UPC-E, with EAN-2/EAN-5 add-ons
/// (ISO/IEC 15420:2009; GS1 General Specifications §5.2).
///
/// ```swift
/// let codes = EANUPCDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue   // "4006381333931"
/// ```
///
/// Values: EAN-13 13 digits; UPC-A 12 digits (an EAN-13 starting with 0; reported as EAN-13 with 13
/// digits only when UPC-A is not wanted but EAN-13 is); EAN-8 8 digits; UPC-E 8 digits (number system,
/// six digits, check digit) with the UPC-A it stands for in `metadata["upca"]`. An add-on read under
/// ``EANAddOnPolicy/read`` or ``EANAddOnPolicy/require`` follows the main digits directly in `rawValue`,
/// after a space in `displayValue`, and alone in `metadata["addon"]`.
/// Symbology identifiers (ISO/IEC 15424): `]E0` EAN-13/UPC-A/UPC-E, `]E3` the same with an add-on,
/// `]E4` EAN-8.
public struct EANUPCDecoder: LinearSymbologyDecoder {
    public let name = "ean-upc"
    public let formats: Set<BarcodeFormat> = [.ean13, .ean8, .upca, .upce]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = EANRowDecoder()

    public init() {}

    public func refine(_ found: [Barcode], frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        preferringAddOns(found)
    }

    /// Where a symbol was read both with and without its add-on (lines that missed the add-on), keeps
    /// the reading with the add-on. The two readings come from different lines of one symbol, so their
    /// boxes need not touch: they count as one place when they meet after growing by half their size.
    func preferringAddOns(_ codes: [Barcode]) -> [Barcode] {
        codes.filter { c in
            guard c.metadata["addon"] == nil, let value = c.rawValue else { return true }
            let box = c.boundingBox
            let near = Rect(x: box.x - box.width / 2, y: box.y - box.width / 2, width: 2 * box.width,
                            height: box.height + box.width)
            return !codes.contains { o in
                o.metadata["addon"] != nil && o.format == c.format
                    && (o.rawValue ?? "").hasPrefix(value) && o.boundingBox.meets(near)
            }
        }
    }
}
