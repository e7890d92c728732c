import ScanCore

/// Reads format information, version information and the codewords from a sampled module grid
/// (ISO/IEC 18004:2015 §7.7.3, codeword placement in ``QRCodewordPlacement``; §7.8 data masking).
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

    /// The codewords of `grid` (unmasked) in placement order (``QRCodewordPlacement``).
    public static func codewords(_ grid: BitMatrix, version: QRVersion, mask: Int) -> [UInt8] {
        let n = grid.width
        let total = version.totalCodewords
        var out: [UInt8] = []
        out.reserveCapacity(total)
        var current = 0, bitCount = 0
        for index in QRCodewordPlacement.moduleOrder(version) {
            let row = index / n, col = index % n
            var bit = grid.bits[index] != 0
            if QRDataMask.isMasked(mask, row: row, column: col) { bit.toggle() }
            current = (current << 1) | (bit ? 1 : 0)
            bitCount += 1
            if bitCount == 8 {
                out.append(UInt8(current))
                if out.count == total { break }
                current = 0
                bitCount = 0
            }
        }
        return out
    }
}
