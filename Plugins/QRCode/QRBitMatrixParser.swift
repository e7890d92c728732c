import ScanCore

/// Reads format information, version information and the codewords from a sampled module grid
/// (ISO/IEC 18004:2015 §7.7.3, codeword placement; §7.8 data masking).
///
/// Codewords are placed most significant bit first in two-module-wide columns, starting at the bottom
/// right and zig-zagging upward then downward, right module before left, skipping function modules and
/// the vertical timing column (column 6). Bits left over after the last full codeword are remainder bits.
public enum QRBitMatrixParser {
    /// The format information read from either copy, or `nil`.
    public static func formatInformation(_ grid: BitMatrix) -> QRFormatInformation? {
        QRFormatInformation.decode(QRFormatInformation.readings(dimension: grid.width) { grid[$0, $1] })
    }

    /// The version of the grid: from the version information for grids of 45 modules and up (falling
    /// back to the size when both copies are unreadable and the size is a valid version), else from the
    /// size. `nil` when the two disagree beyond repair.
    public static func version(_ grid: BitMatrix) -> QRVersion? {
        let n = grid.width
        guard let bySize = QRVersion.version(forDimension: n) else { return nil }
        if bySize.number < 7 { return bySize }
        if let v = QRVersionInformation.decode(QRVersionInformation.readings(dimension: n) { grid[$0, $1] }),
            v == bySize.number
        {
            return bySize
        }
        return bySize
    }

    /// The codewords of `grid` (unmasked) in placement order.
    public static func codewords(_ grid: BitMatrix, version: QRVersion, mask: Int) -> [UInt8] {
        let n = grid.width
        let function = version.functionPatternMask()
        var out: [UInt8] = []
        out.reserveCapacity(version.totalCodewords)
        var current = 0, bitCount = 0
        var upward = true
        var right = n - 1
        while right > 0 {
            if right == 6 { right -= 1 }   // the vertical timing pattern
            for step in 0..<n {
                let row = upward ? n - 1 - step : step
                for dx in 0..<2 {
                    let col = right - dx
                    if function[row * n + col] != 0 { continue }
                    var bit = grid[col, row]
                    if QRDataMask.isMasked(mask, row: row, column: col) { bit.toggle() }
                    current = (current << 1) | (bit ? 1 : 0)
                    bitCount += 1
                    if bitCount == 8 {
                        out.append(UInt8(current))
                        current = 0
                        bitCount = 0
                    }
                }
            }
            upward.toggle()
            right -= 2
        }
        return Array(out.prefix(version.totalCodewords))
    }
}
