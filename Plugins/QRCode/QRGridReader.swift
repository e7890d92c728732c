import ScanCore

/// A symbol read from its module grid.
public struct QRSymbol: Sendable {
    public var content: DecodedContent
    public var version: Int
    public var level: QRErrorCorrectionLevel
    public var mask: Int
    /// True when the grid was read transposed (the symbol is mirrored).
    public var isMirrored: Bool
    /// Codewords changed by error correction.
    public var corrections: Int
}

/// Reads a sampled module grid (§12 steps 9–12): format information, version, unmasking, codeword
/// extraction, de-interleaving, Reed–Solomon correction and bit-stream parsing. A grid that fails is
/// tried transposed, which is how a mirrored symbol reads.
public enum QRGridReader {
    /// The symbol the grid holds, read as it is and then transposed; `nil` when neither reads.
    public static func decode(_ grid: BitMatrix) -> QRSymbol? {
        if let s = decodeOriented(grid, mirrored: false) { return s }
        // Mirrored only when the format information reads that way (checked without transposing).
        guard grid.width == grid.height,
            QRFormatInformation.decode(QRFormatInformation.readings(dimension: grid.width) { grid[$1, $0] }) != nil
        else { return nil }
        return decodeOriented(transposed(grid), mirrored: true)
    }

    static func decodeOriented(_ grid: BitMatrix, mirrored: Bool) -> QRSymbol? {
        guard grid.width == grid.height, let version = QRBitMatrixParser.version(grid),
            let format = QRBitMatrixParser.formatInformation(grid)
        else { return nil }
        let codewords = QRBitMatrixParser.codewords(grid, version: version, mask: format.mask)
        guard let (data, corrections) = QRDataBlocks.correctedData(codewords, version: version, level: format.level),
            let content = QRDecodedBitStreamParser.parse(data, version: version.number)
        else { return nil }
        return QRSymbol(
            content: content, version: version.number, level: format.level, mask: format.mask, isMirrored: mirrored,
            corrections: corrections)
    }

    /// The grid mirrored about its main diagonal.
    public static func transposed(_ m: BitMatrix) -> BitMatrix {
        var out = BitMatrix(width: m.height, height: m.width)
        for y in 0..<m.height { for x in 0..<m.width { out.bits[x * m.height + y] = m.bits[y * m.width + x] } }
        return out
    }
}
