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
/// six digits, check digit) with the UPC-A it stands for in ``Barcode/upcA``. An add-on read under
/// ``EANAddOnPolicy/read`` or ``EANAddOnPolicy/require`` follows the main digits directly in `rawValue`,
/// after a space in `displayValue`, and alone in ``Barcode/addOn``.
/// Symbology identifiers (ISO/IEC 15424): `]E0` EAN-13/UPC-A/UPC-E, `]E3` the same with an add-on,
/// `]E4` EAN-8.
public struct EANUPCDecoder: LinearSymbologyDecoder {
    public let name = "ean-upc"
    public let formats: Set<BarcodeFormat> = [.ean13, .ean8, .upca, .upce]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = EANRowDecoder()

    /// Guards against reads along a row of another symbol's modules (a PDF417's rows hold UPC-E-like
    /// stretches whose check digit may hold). Over 4 module widths, not ITF's 6: at 6 the follow gave
    /// up on a UPC-E 8 modules high at 3 px and an EAN-8 at 1.7 px modules of the shared corpora.
    let barHeightCheck = BarHeightCheck(minHeight: 4)

    public init() {}

    /// The length of a main symbol in modules, guards included (ISO/IEC 15420:2009: EAN-13 and UPC-A 95,
    /// EAN-8 67, UPC-E 51).
    static func modules(_ format: BarcodeFormat) -> Double {
        switch format {
        case .ean8: 67
        case .upce: 51
        default: 95
        }
    }

    /// The engine's readings whose bars run on across them (``BarHeightCheck``), with their add-ons
    /// checked: an add-on counts only when lines across the symbol agree on it; otherwise the main symbol is
    /// reported alone (nothing under ``EANAddOnPolicy/require``).
    public func refine(_ found: [Barcode], frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        // The row decoder's add-on and UPC-A arrive as metadata.
        let found = found.map { $0.withTypedFactsFromMetadata() }.filter {
            options.pure || barHeightCheck.accepts($0, modules: Self.modules($0.format), image: frame.image)
        }
        // An add-on counts only when lines across the symbol agree on it (EANAddOn.isConfirmed), and no
        // other reading of the same symbol beside it has another add-on.
        var confirmed: [Barcode] = [], unconfirmed: [Barcode] = []
        for b in found {
            if b.addOn == nil
                || (!found.contains { conflicts($0, b) }
                    && EANAddOn.isConfirmed(b, in: frame, decoder: rowDecoder, options: options))
            {
                confirmed.append(b)
            } else {
                unconfirmed.append(b)
            }
        }
        var out = preferringAddOns(confirmed)
        guard options.eanAddOn != .require else { return out }
        // The main symbol of an unconfirmed reading, unless it is reported already (alone or with an add-on).
        for u in unconfirmed {
            let main = withoutAddOn(u)
            if !out.contains(where: {
                $0.format == main.format && $0.rawBytes.starts(with: main.rawBytes)
                    && Self.near($0.boundingBox).meets(main.boundingBox)
            }) {
                out.append(main)
            }
        }
        return out
    }

    /// True when `a` reads the same main symbol as `b` with another add-on in the same place (their boxes
    /// meet once grown as in ``preferringAddOns(_:)``), on lines that are not negligible beside `b`'s
    /// (a band across the bars at least 1/``EANAddOn/confirmationMajority`` as high): lines of one symbol
    /// that disagree on its add-on.
    func conflicts(_ a: Barcode, _ b: Barcode) -> Bool {
        guard a.format == b.format, let addA = a.addOn, let addB = b.addOn, addA != addB,
            let va = a.rawValue, let vb = b.rawValue, va.dropLast(addA.count) == vb.dropLast(addB.count)
        else { return false }
        return Self.near(a.boundingBox).meets(b.boundingBox)
            && Double(EANAddOn.confirmationMajority) * max(1, Self.height(a)) >= Self.height(b)
    }

    /// How high a reading is across its bars, pixels (between the lines that read it).
    static func height(_ b: Barcode) -> Double {
        let c = b.cornerPoints
        guard c.count == 4 else { return 0 }
        return max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
    }

    /// A box grown by half its width on every side (and its width below): where other lines of the same
    /// symbol read.
    static func near(_ box: Rect) -> Rect {
        Rect(x: box.x - box.width / 2, y: box.y - box.width / 2, width: 2 * box.width, height: box.height + box.width)
    }

    /// `b` with its add-on left out: value, identifier and the corner points shortened to the main symbol
    /// (its modules' share of main, gap and add-on, the gap taken as 9 modules).
    func withoutAddOn(_ b: Barcode) -> Barcode {
        guard let addOn = b.addOn else { return b }
        var main = b
        main.rawValue = b.rawValue.map { String($0.dropLast(addOn.count)) }
        main.rawBytes = Array(b.rawBytes.dropLast(addOn.utf8.count))
        main.displayValue = main.rawValue ?? ""
        main.addOn = nil
        // ]E3 is a 13-digit symbol with its add-on (ISO/IEC 15424); an EAN-8 keeps ]E4.
        if main.symbologyIdentifier == "]E3" { main.symbologyIdentifier = "]E0" }
        let modules: Double = b.format == .ean8 ? 67 : b.format == .upce ? 51 : 95
        let f = modules / (modules + 9 + (addOn.count == 2 ? 20 : 47))
        let c = b.cornerPoints
        if c.count == 4 {
            main.cornerPoints = [
                c[0], Point(c[0].x + f * (c[1].x - c[0].x), c[0].y + f * (c[1].y - c[0].y)),
                Point(c[3].x + f * (c[2].x - c[3].x), c[3].y + f * (c[2].y - c[3].y)), c[3],
            ]
        }
        return main
    }

    /// Where a symbol was read both with and without its add-on (lines that missed the add-on), keeps
    /// the reading with the add-on. The two readings come from different lines of one symbol, so their
    /// boxes need not touch: they count as one place when they meet after growing by half their size.
    func preferringAddOns(_ codes: [Barcode]) -> [Barcode] {
        codes.filter { c in
            guard c.addOn == nil, let value = c.rawValue else { return true }
            let near = Self.near(c.boundingBox)
            return !codes.contains { o in
                o.addOn != nil && o.format == c.format
                    && (o.rawValue ?? "").hasPrefix(value) && o.boundingBox.meets(near)
            }
        }
    }
}
