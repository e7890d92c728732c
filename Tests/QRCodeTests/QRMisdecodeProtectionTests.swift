import ScanCore
import Testing

@testable import QRCode

/// The misdecode protection codewords of ISO/IEC 18004:2015 Table 9: the smallest symbols correct fewer
/// errors than their check codewords could, so that a random block is not taken for a symbol.
struct QRMisdecodeProtectionTests {
    /// Version 1-L: one block of 19 data and 7 check codewords; Table 9 gives it 2 correctable errors
    /// (p = 3), where Reed–Solomon alone would correct 3.
    @Test func version1LCorrectsTwoErrorsNotThree() throws {
        let v = try #require(QRVersion.version(1))
        let data = (0..<19).map { UInt8(($0 * 37 + 5) % 256) }
        let check = ReedSolomonEncoder(field: .qrCode).checkCodewords(for: data.map(Int.init), ecCount: 7)
        let block = data + check.map { UInt8($0) }
        func damaged(_ positions: [Int]) -> [UInt8] {
            var b = block
            for p in positions { b[p] ^= 0x5A }
            return b
        }
        #expect(QRDataBlocks.correctedData(block, version: v, level: .l)?.data == data)
        let two = QRDataBlocks.correctedData(damaged([2, 11]), version: v, level: .l)
        #expect(two?.data == data)
        #expect(two?.corrections == 2)
        // Three errors: within Reed–Solomon's reach (2·3 ≤ 7), refused by the protection.
        var three = damaged([2, 11, 20]).map(Int.init)
        #expect(ReedSolomonDecoder(field: .qrCode).decode(&three, ecCount: 7) == 3)
        #expect(QRDataBlocks.correctedData(damaged([2, 11, 20]), version: v, level: .l) == nil)
    }

    @Test func protectionTable() {
        #expect(QRDataBlocks.misdecodeProtection(version: 1, level: .l) == 3)
        #expect(QRDataBlocks.misdecodeProtection(version: 1, level: .m) == 2)
        #expect(QRDataBlocks.misdecodeProtection(version: 2, level: .l) == 2)
        #expect(QRDataBlocks.misdecodeProtection(version: 1, level: .h) == 1)
        #expect(QRDataBlocks.misdecodeProtection(version: 3, level: .l) == 1)
        #expect(QRDataBlocks.misdecodeProtection(version: 2, level: .m) == 0)
        #expect(QRDataBlocks.misdecodeProtection(version: 40, level: .h) == 0)
    }
}
