import ScanCore
import Testing

@testable import PDF417

/// The bit-stream parser on hand-built codewords (values worked out from ISO/IEC 15438:2015 §5.4).
struct PDF417ParserTests {
    func text(_ cw: [Int]) throws -> String? { try PDF417DecodedBitStreamParser.decode(cw).text }

    @Test func textAlphaPairs() throws {
        #expect(try text([1]) == "AB")  // A=0, B=1
        #expect(try text([0 * 30 + 26, 25 * 30 + 29]) == "A Z")  // space, trailing pad shift
    }

    @Test func textLatchesAndShifts() throws {
        // A, LL | b, ML | 1, PS | !, pad
        #expect(try text([27, 1 * 30 + 28, 1 * 30 + 29, 10 * 30 + 29]) == "Ab1!")
        // LL, a | AS, B | c, pad   (alpha shift from lower)
        #expect(try text([27 * 30 + 0, 27 * 30 + 1, 2 * 30 + 29]) == "aBc")
        // ML, 1 | PL, ; | AL, A    (punctuation latch and back to alpha)
        #expect(try text([28 * 30 + 1, 25 * 30 + 0, 29 * 30 + 0]) == "1;A")
        // ML, 1 | LL, a | ML, 2 | AL, Z
        #expect(try text([841, 810, 842, 865]) == "1a2Z")
        // Mixed controls and punctuation LF: ML, CR | HT, PS | LF, pad
        #expect(try text([28 * 30 + 11, 12 * 30 + 29, 15 * 30 + 29]) == "\r\t\n")
        // A punctuation shift inside lower case returns to lower: LL, a | PS, @ | b, pad
        #expect(try text([27 * 30 + 0, 29 * 30 + 3, 1 * 30 + 29]) == "a@b")
    }

    @Test func byteCompaction() throws {
        let six = try PDF417DecodedBitStreamParser.decode([924, 109, 326, 368, 127, 330])
        #expect(six.bytes == Array("ABCDEF".utf8))
        let seven = try PDF417DecodedBitStreamParser.decode([901, 0, 5, 864, 436, 880, 0x41])
        #expect(seven.bytes == [0, 1, 2, 0xFE, 0xFF, 0x80, 0x41])
        let singles = try PDF417DecodedBitStreamParser.decode([901, 0x41, 0xFF, 0x00])
        #expect(singles.bytes == [0x41, 0xFF, 0x00])
        #expect(singles.text == "A\u{FF}\u{0}")  // ISO-8859-1 without an ECI
    }

    @Test func byteShiftInsideText() throws {
        // LL, a | byte 0xC8 | b, pad  — the shift keeps the lower sub-mode
        let c = try PDF417DecodedBitStreamParser.decode([27 * 30 + 0, 913, 200, 1 * 30 + 29])
        #expect(c.bytes == [0x61, 0xC8, 0x62])
    }

    @Test func padShiftDoesNotCrossAByteShift() throws {
        // A, pad PS | byte 0xC8 | A, pad — the pending punctuation shift ends with the text run.
        #expect(try PDF417DecodedBitStreamParser.decode([29, 913, 200, 29]).bytes == [0x41, 0xC8, 0x41])
        // LL, a | ... PS, @ after a byte shift (the shift written after the byte is honoured).
        #expect(
            try PDF417DecodedBitStreamParser.decode([27 * 30 + 0, 913, 0xE9, 29 * 30 + 3]).bytes
                == [0x61, 0xE9, 0x40])
    }

    @Test func numericCompaction() throws {
        #expect(try PDF417DecodedBitStreamParser.decode([902, 1, 223]).bytes == Array("123".utf8))
        #expect(try PDF417DecodedBitStreamParser.decode([902, 1, 100]).bytes == Array("000".utf8))
        let long: [Int] = [491, 81, 137, 450, 302, 67, 15, 174, 492, 862, 667, 475, 869, 12, 434]
        let c = try PDF417DecodedBitStreamParser.decode([902] + long + [900, 1])
        #expect(c.text == "12345678901234567890123456789012345678901234AB")
    }

    @Test func modeSwitches() throws {
        // text "AB", numeric "123", bytes 0xFF, text again (alpha reset)
        let c = try PDF417DecodedBitStreamParser.decode([1, 902, 1, 223, 901, 255, 900, 2 * 30 + 3])
        #expect(c.bytes == Array("AB123".utf8) + [0xFF] + Array("CD".utf8))
    }

    @Test func eci() throws {
        let c = try PDF417DecodedBitStreamParser.decode([927, 26, 901, 0xC3, 0xA9])
        #expect(c.text == "é")
        #expect(c.bytes == [0xC3, 0xA9])
        #expect(c.ecis == [26])
        let general = try PDF417DecodedBitStreamParser.decode([926, 0, 5, 1])
        #expect(general.ecis == [905])
        let user = try PDF417DecodedBitStreamParser.decode([925, 7, 1])
        #expect(user.ecis == [810_907])
        #expect(user.text == "AB")
    }

    @Test func severalECIsEachInItsOwnSet() throws {
        // Shift JIS テ (83 65), ECI 9 ISO 8859-7 α (E1), ECI 26 UTF-8 é (C3 A9), ECI 24 windows-1256 ع (DA).
        let c = try PDF417DecodedBitStreamParser.decode([
            927, 20, 901, 0x83, 0x65, 927, 9, 901, 0xE1, 927, 26, 901, 0xC3, 0xA9, 927, 24, 901, 0xDA,
        ])
        #expect(c.ecis == [20, 9, 26, 24])
        #expect(c.bytes == [0x83, 0x65, 0xE1, 0xC3, 0xA9, 0xDA])
        #expect(c.text == "テαéع")
    }

    @Test func aPartInvalidInItsSetKeepsTheOtherPartsText() throws {
        // Big5 龘 (F9 D5) and a lone lead byte F9; ECI 3 ¡é; ECI 1000 (no character set) keeps ISO 8859-1.
        let c = try PDF417DecodedBitStreamParser.decode([
            927, 28, 901, 0xF9, 0xD5, 0xF9, 927, 3, 901, 0xA1, 0xE9, 926, 0, 100, 901, 0xB0,
        ])
        #expect(c.ecis == [28, 3, 1000])
        #expect(c.bytes == [0xF9, 0xD5, 0xF9, 0xA1, 0xE9, 0xB0])
        #expect(c.text == "龘\u{FFFD}¡é°")
        // A UTF-16 part cut to an odd length.
        let odd = try PDF417DecodedBitStreamParser.decode([927, 25, 901, 0x65, 0xE5, 0x00])
        #expect(odd.text == "日\u{FFFD}")
    }

    @Test func readerInitialisation() throws {
        let c = try PDF417DecodedBitStreamParser.decode([921, 1])
        #expect(c.readerInitialisation)
        #expect(c.text == "AB")
        #expect(throws: PDF417DecodedBitStreamParser.Failure.self) {
            try PDF417DecodedBitStreamParser.decode([1, 921])
        }
    }

    @Test func macroControlBlock() throws {
        // "AB", then 928: segment index 2 ("1" + "00002" = 100002 = 111·900 + 102), file id 017 004,
        // 923 1 segment count 3, 923 0 file name "F", 922 last segment.
        let c = try PDF417DecodedBitStreamParser.decode(
            [1, 928, 111, 102, 17, 4, 923, 1, 111, 103, 923, 0, 5 * 30 + 29, 922])
        #expect(c.text == "AB")
        #expect(c.structuredAppend == StructuredAppend(index: 2, count: 3, id: "017004"))
        #expect(c.metadata["macro_segment_index"] == "2")
        #expect(c.metadata["macro_file_id"] == "017004")
        #expect(c.metadata["macro_segment_count"] == "3")
        #expect(c.metadata["macro_file_name"] == "F")
        #expect(c.metadata["macro_last_segment"] == "true")
    }

    @Test func reservedCodewordsFail() throws {
        #expect(throws: PDF417DecodedBitStreamParser.Failure.self) {
            try PDF417DecodedBitStreamParser.decode([1, 910])
        }
        #expect(throws: PDF417DecodedBitStreamParser.Failure.self) { try PDF417DecodedBitStreamParser.decode([922]) }
    }
}
