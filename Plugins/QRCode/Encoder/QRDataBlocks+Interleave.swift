import ScanCore

extension QRDataBlocks {
    /// The final codeword sequence of a symbol (ISO/IEC 18004:2015 §7.5 and §7.6): `data` (all data
    /// codewords) split into the blocks of Table 9 in order, Reed–Solomon check codewords computed per
    /// block over GF(256) (``ReedSolomonEncoder``), then interleaved: codeword 1 of every block, codeword
    /// 2 …, the longer blocks' last data codeword after the others, then the check codewords the same way.
    /// Precondition: `data.count` is the version's data codeword count at `level`.
    public static func interleave(_ data: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel) -> [UInt8] {
        let ec = version.blocks(level)
        precondition(data.count == ec.dataCodewords, "\(data.count) data codewords for \(ec.dataCodewords)")
        let rs = ReedSolomonEncoder(field: .qrCode)
        var blocks: [[Int]] = []
        var checks: [[Int]] = []
        var k = 0
        for g in ec.groups {
            for _ in 0..<g.count {
                let block = data[k..<k + g.dataCodewords].map(Int.init)
                blocks.append(block)
                checks.append(rs.checkCodewords(for: block, ecCount: ec.ecCodewordsPerBlock))
                k += g.dataCodewords
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(ec.totalCodewords)
        let longest = blocks.map(\.count).max() ?? 0
        for i in 0..<longest {
            for b in blocks where i < b.count { out.append(UInt8(b[i])) }
        }
        for i in 0..<ec.ecCodewordsPerBlock {
            for c in checks { out.append(UInt8(c[i])) }
        }
        return out
    }
}
