import ScanCore
import Testing

@testable import QRCode

/// The worked example of ISO/IEC 18004:2015 Annex I: "01234567" as a version 1-M symbol.
struct QREncoderAnnexTests {
    let version = QRVersion.all[0]

    /// Annex I: the numeric bit stream 0001 0000001000 0000001100 0101011001 1000011, the terminator
    /// 0000, then pad codewords to the 16 data codewords of 1-M.
    @Test func dataCodewords() throws {
        let segments = QRSegmenter.segments(Array("01234567".utf8), versionRange: 0)
        #expect(segments == [QRSegment(mode: .numeric, bytes: Array("01234567".utf8))])
        let data = try QRBitStream.dataCodewords(segments, header: .init(), version: version, level: .m)
        #expect(
            data == [
                0b0001_0000, 0b0010_0000, 0b0000_1100, 0b0101_0110, 0b0110_0001, 0b1000_0000,
                0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
            ])
    }

    /// Annex I: the ten error-correction codewords of the single 1-M block.
    @Test func errorCorrectionCodewords() throws {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let all = QRDataBlocks.interleave(data, version: version, level: .m)
        #expect(all == data + [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// Annex C, Table C.1: format information words of level M for every mask (data bits 00 + mask).
    @Test func formatInformationWordsOfLevelM() {
        let expected = [
            0b1010100_00010010, 0b1010001_00100101, 0b1011110_01111100, 0b1011011_01001011,
            0b1000101_11111001, 0b1000000_11001110, 0b1001111_10010111, 0b1001010_10100000,
        ]
        #expect((0..<8).map { QRFormatInformation(level: .m, mask: $0).word } == expected)
    }

    /// The final symbol: the penalty rules choose mask 010 (reference 2) for this input, as in the
    /// annex, and the format information modules carry 101111001111100 in both copies.
    @Test func finalSymbol() throws {
        let symbol = try #require(
            try QRCodeEncoder().encode(.text("01234567"), format: .qrcode, options: EncodeOptions()).first)
        #expect(symbol.metadata["version"] == "1")
        #expect(symbol.metadata["error_correction_level"] == "M")
        #expect(symbol.metadata["mask"] == "2")
        let m = symbol.modules
        #expect(m.width == 21 && m.height == 21)
        let readings = QRFormatInformation.readings(dimension: 21) { m[$0, $1] }
        #expect(readings == [0b1011110_01111100, 0b1011110_01111100])
        // Row by row, '#' dark.
        let rows = (0..<21).map { y in String((0..<21).map { m[$0, y] ? "#" : "." }) }
        #expect(rows == QREncoderAnnexTests.expectedRows)
    }

    /// The 1-M symbol with mask 010, row 0 first ('#' dark). The same grid as zxing-cpp's writer gives
    /// for this input and level (compared once by hand; the test does not need zxing-cpp).
    static let expectedRows: [String] = [
        "#######..#.##.#######",
        "#.....#..####.#.....#",
        "#.###.#.#.....#.###.#",
        "#.###.#.##....#.###.#",
        "#.###.#.#.###.#.###.#",
        "#.....#.#...#.#.....#",
        "#######.#.#.#.#######",
        "........#..##........",
        "#.#####..#..#.#####..",
        "...#.#.##.#.#..#.##..",
        "..#...##.#.#.#..#####",
        "....#....#.....####..",
        "...######..#.#..#....",
        "........#.#####..##..",
        "#######..##.#.##.....",
        "#.....#.#.#####...#.#",
        "#.###.#.#...#..#.##..",
        "#.###.#.##..#..#.....",
        "#.###.#.#.##.#..#.#..",
        "#.....#........##.##.",
        "#######.####.#..#.#..",
    ]
}
