import ScanCore

/// The ITF plugin: Interleaved 2 of 5 and ITF-14 (ISO/IEC 16390:2007; GS1 General Specifications §5.3).
///
/// ```swift
/// let codes = ITFDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue   // "00012345678905"
/// ```
///
/// Values: the digits (always an even count, at least ``DecodeOptions/itfMinLength``). A 14-digit symbol
/// whose last digit is its GS1 check digit is an ITF-14: the GTIN is in `metadata["gtin"]` and the
/// symbology identifier (ISO/IEC 15424) is `]I1` (check digit verified); other symbols, 14-digit ones with
/// another last digit included, are `]I0`. Bearer bars, above and below or as a full frame, are tolerated.
public struct ITFDecoder: LinearSymbologyDecoder {
    public let name = "itf"
    public let formats: Set<BarcodeFormat> = [.itf]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = ITFRowDecoder()
    /// Guards against reads of part of a tilted symbol.
    let quietZoneCheck = ITFQuietZoneCheck()
    /// Guards against reads along a row of another symbol's modules.
    let barHeightCheck = BarHeightCheck()

    public init() {}

    public func refine(_ found: [Barcode], frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        guard !found.isEmpty, !options.pure else { return found }
        // Both binarizations must show bars beside a read to reject it: the local one can turn a noisy
        // light area into specks, the global one can lose bars in uneven light, the symbol's bars show in both.
        let matrices = BinarizerKind.allCases.map { frame.binarized($0) }
        return found.filter { b in
            matrices.contains { quietZoneCheck.accepts(b, digits: b.rawBytes.count, matrix: $0) }
                && barHeightCheck.accepts(
                    b, modules: ITFQuietZoneCheck.modules(digits: b.rawBytes.count), image: frame.image)
        }
    }
}
