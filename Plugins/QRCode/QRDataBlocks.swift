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

    /// Corrects every block and returns the data codewords in order with the number of corrected
    /// codewords, or `nil` when a block is beyond repair.
    public static func correctedData(_ codewords: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel)
        -> (data: [UInt8], corrections: Int)?
    {
        guard let blocks = deinterleave(codewords, version: version, level: level) else { return nil }
        let rs = ReedSolomonDecoder(field: .qrCode)
        let ecCount = version.blocks(level).ecCodewordsPerBlock
        var data: [UInt8] = []
        var corrections = 0
        for var block in blocks {
            guard let fixed = rs.decode(&block.codewords, ecCount: ecCount) else { return nil }
            corrections += fixed
            data += block.codewords.prefix(block.dataCount).map { UInt8($0) }
        }
        return (data, corrections)
    }
}
