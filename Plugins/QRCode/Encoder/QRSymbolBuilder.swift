import ScanCore

/// Lays a symbol's final codewords into its module grid and masks it (ISO/IEC 18004:2015 §7.7 codeword
/// placement, §7.8 data masking, §7.9 format information).
///
/// ```swift
/// let (grid, mask) = QRSymbolBuilder.build(codewords, version: v, level: .m)   // mask by penalty
/// ```
public enum QRSymbolBuilder {
    /// The symbol with mask `mask`: function patterns, format information for (`level`, `mask`), codeword
    /// bits in placement order (``QRCodewordPlacement``), remainder bits 0, data modules XORed with the
    /// mask. Precondition: `codewords.count == version.totalCodewords`, `mask` in 0…7.
    public static func matrix(_ codewords: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel, mask: Int)
        -> BitMatrix
    {
        precondition(codewords.count == version.totalCodewords && (0...7).contains(mask))
        var m = QRFunctionPatterns.draw(version, level: level, mask: mask)
        let n = version.dimension
        for (k, index) in QRCodewordPlacement.moduleOrder(version).enumerated() {
            var bit = k / 8 < codewords.count && (codewords[k / 8] >> (7 - UInt8(k % 8))) & 1 == 1
            if QRDataMask.isMasked(mask, row: index / n, column: index % n) { bit.toggle() }
            m.bits[index] = bit ? 1 : 0
        }
        return m
    }

    /// The symbol with the given mask, or with the mask of the lowest ``QRMaskPenalty/total(_:)`` (the
    /// lowest reference on a tie), and the mask used.
    public static func build(
        _ codewords: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel, mask: Int? = nil
    ) -> (matrix: BitMatrix, mask: Int) {
        if let mask { return (matrix(codewords, version: version, level: level, mask: mask), mask) }
        var best = (matrix: matrix(codewords, version: version, level: level, mask: 0), mask: 0, penalty: 0)
        best.penalty = QRMaskPenalty.total(best.matrix)
        for candidate in 1..<8 {
            let m = matrix(codewords, version: version, level: level, mask: candidate)
            let p = QRMaskPenalty.total(m)
            if p < best.penalty { best = (m, candidate, p) }
        }
        return (best.matrix, best.mask)
    }
}
