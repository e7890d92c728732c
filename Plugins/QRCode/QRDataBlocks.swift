import ScanCore

/// Splits a symbol's codeword sequence into its error-correction blocks and corrects them
/// (ISO/IEC 18004:2015 §7.6, interleaving; §7.5, error correction).
///
/// In the symbol, data codewords are interleaved by taking codeword 1 of every block, then codeword 2 …
/// (blocks of the longer group simply contribute one more at the end), followed by the check codewords
/// interleaved the same way.
public enum QRDataBlocks {
    /// One block: its data codeword count and all its codewords (data then check).
    public struct Block: Sendable {
        public var dataCount: Int
        public var codewords: [Int]
    }

    /// De-interleaves `codewords` (all of the symbol's codewords) into blocks.
    public static func deinterleave(_ codewords: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel)
        -> [Block]?
    {
        let ec = version.blocks(level)
        guard codewords.count == ec.totalCodewords else { return nil }
        var blocks: [Block] = []
        for g in ec.groups {
            for _ in 0..<g.count { blocks.append(Block(dataCount: g.dataCodewords, codewords: [])) }
        }
        let maxData = blocks.map(\.dataCount).max() ?? 0
        var k = 0
        for i in 0..<maxData {
            for b in blocks.indices where i < blocks[b].dataCount {
                blocks[b].codewords.append(Int(codewords[k]))
                k += 1
            }
        }
        for _ in 0..<ec.ecCodewordsPerBlock {
            for b in blocks.indices {
                blocks[b].codewords.append(Int(codewords[k]))
                k += 1
            }
        }
        return blocks
    }

    /// Misdecode protection codewords (ISO/IEC 18004:2015 Table 9, footnote: the number p of check
    /// codewords the smallest symbols keep for detecting errors rather than correcting them): 3 for 1-L,
    /// 2 for 1-M and 2-L, 1 for 1-Q, 1-H and 3-L, none for every other version and level. A block may
    /// have at most (check codewords − p) / 2 errors corrected.
    public static func misdecodeProtection(version: Int, level: QRErrorCorrectionLevel) -> Int {
        switch (version, level) {
        case (1, .l): return 3
        case (1, .m), (2, .l): return 2
        case (1, .q), (1, .h), (3, .l): return 1
        default: return 0
        }
    }

    /// Corrects every block and returns the data codewords in order with the number of corrected
    /// codewords, or `nil` when a block is beyond repair or needed more corrections than the symbol's
    /// misdecode protection allows (``misdecodeProtection(version:level:)``).
    public static func correctedData(_ codewords: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel)
        -> (data: [UInt8], corrections: Int)?
    {
        guard let blocks = deinterleave(codewords, version: version, level: level) else { return nil }
        let rs = ReedSolomonDecoder(field: .qrCode)
        let ecCount = version.blocks(level).ecCodewordsPerBlock
        let protection = misdecodeProtection(version: version.number, level: level)
        var data: [UInt8] = []
        var corrections = 0
        for var block in blocks {
            guard let fixed = rs.decode(&block.codewords, ecCount: ecCount), 2 * fixed + protection <= ecCount
            else { return nil }
            corrections += fixed
            data += block.codewords.prefix(block.dataCount).map { UInt8($0) }
        }
        return (data, corrections)
    }
}
