/// One generated symbol: its module grid and what the encoder chose.
///
/// `modules` is row-major, origin top left, x right, y down, 1 = dark module, with no quiet zone. A matrix
/// symbol (QR Code) fills the grid; a linear symbol (Code 128) is one row of modules, bars dark, which a
/// renderer stretches to the bar height it wants.
public struct GeneratedSymbol: Sendable, Equatable {
    public var format: BarcodeFormat
    /// The modules, quiet zone excluded (one row for a linear symbol).
    public var modules: BitMatrix
    /// True for a linear symbol (one row of modules standing for full-height bars).
    public var isLinear: Bool
    /// The least quiet zone the symbology asks for on every side, in modules (QR Code 4, §6.3.8;
    /// Code 128 10, ISO/IEC 15417 §4.4.4).
    public var quietZone: Int
    /// What the encoder chose, as text: `version`, `error_correction_level`, `mask`, `codewords`,
    /// `structured_append` (`index/count`) … by symbology.
    public var metadata: [String: String]

    public init(
        format: BarcodeFormat, modules: BitMatrix, isLinear: Bool, quietZone: Int, metadata: [String: String] = [:]
    ) {
        self.format = format
        self.modules = modules
        self.isLinear = isLinear
        self.quietZone = quietZone
        self.metadata = metadata
    }
}
