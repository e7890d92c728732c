import ScanCore

/// De-interleaving and Reed–Solomon correction of ECC 200 codewords (ISO/IEC 16022:2006 §5.7).
///
/// ```swift
/// let (data, fixed) = DMDataBlocks.correct(codewords, size: size) ?? ([], 0)
/// ```
///
/// Sizes with several blocks interleave them codeword by codeword (§5.7.2): codeword i of the symbol
/// (data then EC) belongs to block i mod n. For 144 × 144 the first eight blocks carry 156 data
/// codewords and the last two 155 (Table 7), so its first EC codeword belongs to block 8; every block
/// of a size has the same number of EC codewords. The code is over GF(256) with the prime polynomial 0x12D and
/// generator roots α¹ … α^k (§5.7.1; ``GaloisField/dataMatrix``).
public enum DMDataBlocks {
    /// The corrected data codewords, in symbol order, and the number of codewords corrected; `nil` when
    /// a block is beyond correction.
    public static func correct(_ codewords: [UInt8], size: DMSymbolSize) -> (data: [UInt8], corrected: Int)? {
        guard codewords.count == size.totalCodewords else { return nil }
        let n = size.blocks
        let ecPer = size.errorCodewordsPerBlock
        let rs = ReedSolomonDecoder(field: .dataMatrix)
        var data = [UInt8](repeating: 0, count: size.dataCodewords)
        var corrected = 0
        for b in 0..<n {
            // The whole codeword sequence is dealt out in turn: codeword k belongs to block k mod n.
            let indices = Array(stride(from: b, to: size.totalCodewords, by: n))
            let dataIndices = indices.filter { $0 < size.dataCodewords }
            guard indices.count == dataIndices.count + ecPer else { return nil }
            var block = indices.map { Int(codewords[$0]) }
            guard let fixed = rs.decode(&block, ecCount: ecPer) else { return nil }
            corrected += fixed
            for (k, i) in dataIndices.enumerated() { data[i] = UInt8(block[k]) }
        }
        return (data, corrected)
    }
}
