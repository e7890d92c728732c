import ScanCore
import Testing

@testable import QRCode

struct QRTableTests {
    /// Table 9 totals must equal the modules left for data by the function patterns (Table 1):
    /// (free modules − remainder bits) / 8, with remainder bits 0…7.
    @Test func blockTotalsMatchTheDataArea() {
        for v in QRVersion.all {
            let free = v.functionPatternMask().filter { $0 == 0 }.count
            #expect(free / 8 == v.totalCodewords, "version \(v.number)")
            #expect(free % 8 < 8)
            for level in QRErrorCorrectionLevel.allCases {
                #expect(v.blocks(level).totalCodewords == v.totalCodewords, "version \(v.number) \(level)")
            }
        }
        #expect(QRVersion.version(1)?.totalCodewords == 26)
        #expect(QRVersion.version(40)?.totalCodewords == 3706)
    }

    /// Annex C example: level M, mask 101 → 100000011001110.
    @Test func formatInformationExampleAndErrors() {
        #expect(QRFormatInformation(level: .m, mask: 5).word == 0b100000011001110)
        for level in QRErrorCorrectionLevel.allCases {
            for mask in 0..<8 {
                let info = QRFormatInformation(level: level, mask: mask)
                for flips in [0, 0b1, 0b1000_0000_0001, 0b100_0010_0000_0001] {
                    #expect(QRFormatInformation.decode([info.word ^ flips]) == info)
                }
                // One copy destroyed, the other readable.
                #expect(QRFormatInformation.decode([0, info.word ^ 0b110]) == info)
            }
        }
        #expect(
            QRFormatInformation.decode([QRFormatInformation(level: .l, mask: 0).word ^ 0b1111])
                != QRFormatInformation(level: .l, mask: 0))
    }

    /// Annex D example: version 7 → 000111 110010010100.
    @Test func versionInformationExampleAndErrors() {
        #expect(QRVersionInformation.encode(7) == 0b000111_110010010100)
        for v in 7...40 {
            let w = QRVersionInformation.encode(v)
            #expect(QRVersionInformation.decode([w]) == v)
            #expect(QRVersionInformation.decode([w ^ 0b100_0000_0100_0000_0001]) == v)
            #expect(QRVersionInformation.decode([0x3FFFF, w ^ 0b11]) == v)
        }
    }

    @Test func masks() {
        #expect(QRDataMask.isMasked(0, row: 0, column: 0))
        #expect(!QRDataMask.isMasked(0, row: 0, column: 1))
        #expect(QRDataMask.isMasked(1, row: 2, column: 5) && !QRDataMask.isMasked(1, row: 1, column: 0))
        #expect(QRDataMask.isMasked(2, row: 1, column: 3) && !QRDataMask.isMasked(2, row: 0, column: 1))
        #expect(QRDataMask.isMasked(4, row: 1, column: 2) && !QRDataMask.isMasked(4, row: 2, column: 0))
    }

    @Test func bitStreamModes() throws {
        // Numeric "01234567" in version 1 (Annex I style): 0001 0000001000 0000001100 0101011001 1000011.
        var bits = BitWriter()
        bits.append(0b0001, 4); bits.append(8, 10); bits.append(12, 10); bits.append(345, 10); bits.append(67, 7)
        bits.append(0, 4)
        let numeric = try #require(QRDecodedBitStreamParser.parse(bits.bytes, version: 1))
        #expect(numeric.text == "01234567")
        #expect(numeric.symbologyIdentifier == "]Q1")
        // Alphanumeric "AC-42": 0010 000000101 00111001110 11100111001 000010.
        bits = BitWriter()
        bits.append(0b0010, 4); bits.append(5, 9); bits.append(462, 11); bits.append(1849, 11); bits.append(2, 6)
        #expect(QRDecodedBitStreamParser.parse(bits.bytes, version: 1)?.text == "AC-42")
        // Kanji 点茗 (Shift_JIS 0x935F, 0xE4AA) → 0x0D9F, 0x1AAA.
        bits = BitWriter()
        bits.append(0b1000, 4); bits.append(2, 8); bits.append(0x0D9F, 13); bits.append(0x1AAA, 13)
        let kanji = try #require(QRDecodedBitStreamParser.parse(bits.bytes, version: 1))
        #expect(kanji.text == "点茗")
        #expect(kanji.bytes == [0x93, 0x5F, 0xE4, 0xAA])
        // Hanzi (GB/T 18284 mode 1101, subset 0001) 中。 (GB 2312 0xD6D0, 0xA1A3): 0xD6D0 − 0xA6A1 = 0x302F and
        // 0xA1A3 − 0xA1A1 = 0x0002, each as high byte × 0x60 + low byte: 4655 and 2.
        bits = BitWriter()
        bits.append(0b1101, 4); bits.append(0b0001, 4); bits.append(2, 8); bits.append(4655, 13); bits.append(2, 13)
        let hanzi = try #require(QRDecodedBitStreamParser.parse(bits.bytes, version: 1))
        #expect(hanzi.text == "中。")
        #expect(hanzi.bytes == [0xD6, 0xD0, 0xA1, 0xA3])
        // FNC1 second position, application indicator "37", then numeric "12".
        bits = BitWriter()
        bits.append(0b1001, 4); bits.append(37, 8); bits.append(0b0001, 4); bits.append(2, 10); bits.append(12, 7)
        let fnc1 = try #require(QRDecodedBitStreamParser.parse(bits.bytes, version: 1))
        #expect(fnc1.text == "3712" && fnc1.symbologyIdentifier == "]Q5")
        // ECI 000009 (ISO-8859-7) then byte 0xE1 → "α"; three-byte ECI 0x1E240 reads but is unknown.
        bits = BitWriter()
        bits.append(0b0111, 4); bits.append(9, 8); bits.append(0b0100, 4); bits.append(1, 8); bits.append(0xE1, 8)
        let greek = try #require(QRDecodedBitStreamParser.parse(bits.bytes, version: 1))
        #expect(greek.text == "α" && greek.symbologyIdentifier == "]Q2" && greek.bytes == [0xE1])
        var r = BitReader([0b1100_0001, 0xE2, 0x40])
        #expect(QRDecodedBitStreamParser.readECI(&r) == 0x1E240)
    }
}

/// Writes bits most significant first (test helper).
struct BitWriter {
    var bytes: [UInt8] = []
    var count = 0
    mutating func append(_ value: Int, _ n: Int) {
        for i in stride(from: n - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> i) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8)) }
            count += 1
        }
    }
}
