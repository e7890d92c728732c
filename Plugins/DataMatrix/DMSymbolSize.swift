/// One Data Matrix ECC 200 symbol size and its structure.
///
/// ```swift
/// let s = DMSymbolSize.find(rows: 16, columns: 48)   // rectangular 16×48
/// s?.dataCodewords        // 49
/// s?.mappingRows          // 14: the data regions' rows without their finder and timing modules
/// ```
///
/// Facts from ISO/IEC 16022:2006 Table 7 ("ECC 200 symbol attributes": symbol size, data region size and
/// count, mapping matrix size, total data and error-correction codewords, interleaved blocks) and from
/// ISO/IEC 21471:2020 Table 7 (the DMRE rectangular extension). Every data region is surrounded by a
/// one-module finder (left and bottom) and timing (top and right) border, so a symbol of R × C modules
/// with v × h regions of r × c modules each has R = v (r + 2) and C = h (c + 2); the mapping matrix
/// (the regions put side by side without their borders) is v r × h c.
public struct DMSymbolSize: Sendable, Equatable, CustomStringConvertible {
    /// Symbol size in modules, finder and timing included.
    public let rows: Int
    public let columns: Int
    /// One data region's size in modules (border excluded).
    public let regionRows: Int
    public let regionColumns: Int
    /// Data codewords (all blocks together).
    public let dataCodewords: Int
    /// Error-correction codewords (all blocks together).
    public let errorCodewords: Int
    /// Number of interleaved Reed–Solomon blocks.
    public let blocks: Int
    /// True for the ISO/IEC 21471 DMRE sizes.
    public let isDMRE: Bool

    public var description: String { "\(rows)x\(columns)" }
    public var isSquare: Bool { rows == columns }
    /// Data regions vertically and horizontally.
    public var verticalRegions: Int { rows / (regionRows + 2) }
    public var horizontalRegions: Int { columns / (regionColumns + 2) }
    /// The mapping matrix (ISO/IEC 16022 §5.8.1): data regions without their borders.
    public var mappingRows: Int { verticalRegions * regionRows }
    public var mappingColumns: Int { horizontalRegions * regionColumns }
    /// Error-correction codewords per block (the same for every block of a size).
    public var errorCodewordsPerBlock: Int { errorCodewords / blocks }
    public var totalCodewords: Int { dataCodewords + errorCodewords }

    init(
        _ rows: Int, _ columns: Int, _ regionRows: Int, _ regionColumns: Int, _ data: Int, _ ecc: Int,
        _ blocks: Int = 1, dmre: Bool = false
    ) {
        self.rows = rows
        self.columns = columns
        self.regionRows = regionRows
        self.regionColumns = regionColumns
        self.dataCodewords = data
        self.errorCodewords = ecc
        self.blocks = blocks
        self.isDMRE = dmre
    }

    /// The size with exactly these dimensions, or `nil`.
    public static func find(rows: Int, columns: Int) -> DMSymbolSize? {
        all.first { $0.rows == rows && $0.columns == columns }
    }

    /// Every ECC 200 size: 24 square and 6 rectangular (ISO/IEC 16022:2006 Table 7), then 18 DMRE
    /// (ISO/IEC 21471:2020 Table 7; 8×18 … 16×48 rectangles of Table 7 are not repeated there).
    /// Columns: rows, columns, region rows, region columns, data codewords, EC codewords, blocks.
    public static let all: [DMSymbolSize] = [
        // Square (ISO/IEC 16022:2006 Table 7).
        DMSymbolSize(10, 10, 8, 8, 3, 5),
        DMSymbolSize(12, 12, 10, 10, 5, 7),
        DMSymbolSize(14, 14, 12, 12, 8, 10),
        DMSymbolSize(16, 16, 14, 14, 12, 12),
        DMSymbolSize(18, 18, 16, 16, 18, 14),
        DMSymbolSize(20, 20, 18, 18, 22, 18),
        DMSymbolSize(22, 22, 20, 20, 30, 20),
        DMSymbolSize(24, 24, 22, 22, 36, 24),
        DMSymbolSize(26, 26, 24, 24, 44, 28),
        DMSymbolSize(32, 32, 14, 14, 62, 36),
        DMSymbolSize(36, 36, 16, 16, 86, 42),
        DMSymbolSize(40, 40, 18, 18, 114, 48),
        DMSymbolSize(44, 44, 20, 20, 144, 56),
        DMSymbolSize(48, 48, 22, 22, 174, 68),
        DMSymbolSize(52, 52, 24, 24, 204, 84, 2),
        DMSymbolSize(64, 64, 14, 14, 280, 112, 2),
        DMSymbolSize(72, 72, 16, 16, 368, 144, 4),
        DMSymbolSize(80, 80, 18, 18, 456, 192, 4),
        DMSymbolSize(88, 88, 20, 20, 576, 224, 4),
        DMSymbolSize(96, 96, 22, 22, 696, 272, 4),
        DMSymbolSize(104, 104, 24, 24, 816, 336, 6),
        DMSymbolSize(120, 120, 18, 18, 1050, 408, 6),
        DMSymbolSize(132, 132, 20, 20, 1304, 496, 8),
        DMSymbolSize(144, 144, 22, 22, 1558, 620, 10),
        // Rectangular (ISO/IEC 16022:2006 Table 7).
        DMSymbolSize(8, 18, 6, 16, 5, 7),
        DMSymbolSize(8, 32, 6, 14, 10, 11),
        DMSymbolSize(12, 26, 10, 24, 16, 14),
        DMSymbolSize(12, 36, 10, 16, 22, 18),
        DMSymbolSize(16, 36, 14, 16, 32, 24),
        DMSymbolSize(16, 48, 14, 22, 49, 28),
        // DMRE (ISO/IEC 21471:2020 Table 7).
        DMSymbolSize(8, 48, 6, 22, 18, 15, dmre: true),
        DMSymbolSize(8, 64, 6, 14, 24, 18, dmre: true),
        DMSymbolSize(8, 80, 6, 18, 32, 22, dmre: true),
        DMSymbolSize(8, 96, 6, 22, 38, 28, dmre: true),
        DMSymbolSize(8, 120, 6, 18, 49, 32, dmre: true),
        DMSymbolSize(8, 144, 6, 22, 63, 36, dmre: true),
        DMSymbolSize(12, 64, 10, 14, 43, 27, dmre: true),
        DMSymbolSize(12, 88, 10, 20, 64, 36, dmre: true),
        DMSymbolSize(16, 64, 14, 14, 62, 36, dmre: true),
        DMSymbolSize(20, 36, 18, 16, 44, 28, dmre: true),
        DMSymbolSize(20, 44, 18, 20, 56, 34, dmre: true),
        DMSymbolSize(20, 64, 18, 14, 84, 42, dmre: true),
        DMSymbolSize(22, 48, 20, 22, 72, 38, dmre: true),
        DMSymbolSize(24, 48, 22, 22, 80, 41, dmre: true),
        DMSymbolSize(24, 64, 22, 14, 108, 46, dmre: true),
        DMSymbolSize(26, 40, 24, 18, 70, 38, dmre: true),
        DMSymbolSize(26, 48, 24, 22, 90, 42, dmre: true),
        DMSymbolSize(26, 64, 24, 14, 118, 50, dmre: true),
    ]
}
