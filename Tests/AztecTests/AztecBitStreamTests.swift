import ScanCore
import Testing

@testable import Aztec

/// The bit-stream parser on hand-built streams (ISO/IEC 24778:2008 character encodation tables).
struct AztecBitStreamTests {
    /// Bits from (value, width) pairs, most significant bit first.
    func bits(_ codes: [(Int, Int)]) -> [UInt8] {
        codes.flatMap { v, w in (0..<w).reversed().map { UInt8((v >> $0) & 1) } }
    }
    func parse(_ codes: [(Int, Int)], codewordSize: Int? = nil) -> DecodedContent? {
        AztecDecodedBitStreamParser.parse(bits(codes), codewordSize: codewordSize)
    }

    @Test func upperIsTheStartMode() {
        let c = parse([(2, 5), (3, 5), (1, 5), (27, 5)])
        #expect(c?.text == "AB Z")
        #expect(c?.symbologyIdentifier == "]z0")
    }

    @Test func lowerLatchAndUpperShift() {
        // L/L a b U/S C d
        let c = parse([(28, 5), (2, 5), (3, 5), (28, 5), (4, 5), (5, 5)])
        #expect(c?.text == "abCd")
    }

    @Test func mixedLatchControlsAndBackToLower() {
        // M/L @ ^A ^M DEL \ L/L x ; then M/L U/L Q
        let c = parse([
            (29, 5), (20, 5), (2, 5), (14, 5), (27, 5), (21, 5), (28, 5), (25, 5),
            (29, 5), (29, 5), (18, 5),
        ])
        #expect(c?.bytes == [0x40, 0x01, 0x0D, 0x7F, 0x5C, 0x78, 0x51])
    }

    @Test func punctuationShiftAndLatch() {
        // A P/S ! B M/L P/L CRLF ". " } U/L C
        let c = parse([(2, 5), (0, 5), (6, 5), (3, 5), (29, 5), (30, 5), (2, 5), (3, 5), (30, 5), (31, 5), (4, 5)])
        #expect(c?.text == "A!B\r\n. }C")
    }

    @Test func digitLatchShiftsAndPunctuation() {
        // D/L 1 2 , . U/S A 3 P/S $ 9 SP U/L Z
        let c = parse([
            (30, 5), (3, 4), (4, 4), (12, 4), (13, 4), (15, 4), (2, 5), (5, 4), (0, 4), (9, 5),
            (11, 4), (1, 4), (14, 4), (27, 5),
        ])
        #expect(c?.text == "12,.A3$9 Z")
    }

    @Test func binaryShiftShortAndLong() {
        let short = parse([(2, 5), (31, 5), (2, 5), (0xFF, 8), (0x00, 8), (3, 5)])
        #expect(short?.bytes == [0x41, 0xFF, 0x00, 0x42])
        // 40 bytes: length 0 then 11 bits of 40 − 31.
        let long = parse([(31, 5), (0, 5), (9, 11)] + [(Int, Int)](repeating: (0x41, 8), count: 40) + [(3, 5)])
        #expect(long?.bytes == [UInt8](repeating: 0x41, count: 40) + [0x42])
        // From lower mode the binary shift returns to lower.
        let lower = parse([(28, 5), (31, 5), (1, 5), (0x80, 8), (2, 5)])
        #expect(lower?.bytes == [0x80, 0x61])
    }

    @Test func binaryShiftFromAnUpperShiftReturnsToUpper() {
        // D/L 1 2 U/S B/S (2 bytes) A B: the binary shift was invoked from Upper (itself a shift from
        // Digit), so A B are Upper codes 2 and 3, not Digit codes.
        let digit = parse([
            (30, 5), (3, 4), (4, 4), (15, 4), (31, 5), (2, 5), (0xE9, 8), (0x41, 8), (2, 5), (3, 5),
        ])
        #expect(digit?.bytes == Array("12".utf8) + [0xE9, 0x41] + Array("AB".utf8))
        // L/L a U/S B/S (1 byte) C: back in Upper too.
        let lower = parse([(28, 5), (2, 5), (28, 5), (31, 5), (1, 5), (0x80, 8), (4, 5)])
        #expect(lower?.bytes == [0x61, 0x80, 0x43])
        // Upper stays latched afterwards: D/L U/S B/S (1 byte) SP D/L 7 is " 7", a latch away.
        let relatch = parse([(30, 5), (15, 4), (31, 5), (1, 5), (0x21, 8), (1, 5), (30, 5), (9, 4)])
        #expect(relatch?.text == "! 7")
    }

    @Test func punctuationShiftFromAnUpperShiftReturnsToUpper() {
        // D/L 4 U/S P/S ! B: the punctuation shift was invoked from Upper, so B is Upper code 3.
        let c = parse([(30, 5), (6, 4), (15, 4), (0, 5), (6, 5), (3, 5)])
        #expect(c?.text == "4!B")
        // A plain U/S character still returns to Digit: D/L 4 U/S A 5.
        #expect(parse([(30, 5), (6, 4), (15, 4), (2, 5), (7, 4)])?.text == "4A5")
        // And a punctuation shift from Digit returns to Digit: D/L 4 P/S ! 5.
        #expect(parse([(30, 5), (6, 4), (0, 4), (6, 5), (7, 4)])?.text == "4!5")
    }

    @Test func paddingIsCheckedWhenTheCodewordSizeIsKnown() {
        // "A" then 1 1 1: three padding bits of a 6-bit codeword.
        #expect(parse([(2, 5), (7, 3)], codewordSize: 6)?.text == "A")
        // Digit mode: the all-ones tail reads as U/S (1111) and the start of an Upper code.
        #expect(parse([(30, 5), (3, 4), (15, 4), (1, 1)], codewordSize: 6)?.text == "1")
        // Punctuation latch: U/L (11111) then the start of B/S, 11 bits of a 12-bit codeword.
        #expect(parse([(29, 5), (30, 5), (6, 5), (31, 5), (63, 6)], codewordSize: 12)?.text == "!")
        // Not padding: a zero bit after the last character, a tail as long as a codeword.
        #expect(parse([(2, 5), (6, 3)], codewordSize: 6) == nil)
        #expect(parse([(2, 5), (63, 6)], codewordSize: 6) == nil)
        // A binary shift cut short (its count or bytes run past the end) is not padding.
        #expect(parse([(2, 5), (31, 5), (2, 5), (0x41, 8)], codewordSize: 8) == nil)
        // A latch that is not all ones, then nothing.
        #expect(parse([(2, 5), (30, 5)], codewordSize: 8) == nil)
        // Without the codeword size the tail is only ignored.
        #expect(parse([(2, 5), (6, 3)])?.text == "A")
    }

    @Test func paddingAfterTheLastCodeIsIgnored() {
        // A, then all-ones padding: B/S with a length running past the end.
        #expect(parse([(2, 5), (31, 5), (31, 5), (1, 3)])?.text == "A")
        #expect(parse([(2, 5), (1, 3)])?.text == "A")
    }

    @Test func fnc1FirstIsGS1AndLaterFnc1IsGS() {
        // P/S FLG(0) D/L 0 1 P/S FLG(0) 2 1
        let c = parse([(0, 5), (0, 5), (0, 3), (30, 5), (2, 4), (3, 4), (0, 4), (0, 5), (0, 3), (4, 4), (3, 4)])
        #expect(c?.fnc1 == .first)
        #expect(c?.bytes == Array("01\u{1D}21".utf8))
        #expect(c?.symbologyIdentifier == "]z1")
    }

    @Test func fnc1AfterALetterIsSecondPosition() {
        let c = parse([(2, 5), (0, 5), (0, 5), (0, 3), (3, 5)])
        #expect(c?.fnc1 == .second(applicationIndicator: "A"))
        #expect(c?.text == "AB")
        #expect(c?.symbologyIdentifier == "]z2")
    }

    @Test func eciDesignatorSelectsCharacterSet() {
        // P/S FLG(2) 2 6 (UTF-8), B/S 2 bytes C3 A9
        let c = parse([(0, 5), (0, 5), (2, 3), (4, 4), (8, 4), (31, 5), (2, 5), (0xC3, 8), (0xA9, 8)])
        #expect(c?.ecis == [26])
        #expect(c?.text == "é")
        #expect(c?.bytes == [0xC3, 0xA9])
        #expect(c?.symbologyIdentifier == "]z3")
        // ECI 7 (ISO-8859-5): 0xD0 is Cyrillic а.
        let cyr = parse([(0, 5), (0, 5), (1, 3), (9, 4), (31, 5), (1, 5), (0xD0, 8)])
        #expect(cyr?.text == "а")
    }

    @Test func flagSevenIsRejected() {
        #expect(parse([(0, 5), (0, 5), (7, 3), (2, 5)]) == nil)
    }

    @Test func structuredAppendHeader() {
        // M/L U/L SP A B SP B C then "X": message "AB", symbol 2 of 3.
        let c = parse([(29, 5), (29, 5), (1, 5), (2, 5), (3, 5), (1, 5), (3, 5), (4, 5), (25, 5)])
        #expect(c?.structuredAppend?.index == 1)
        #expect(c?.structuredAppend?.count == 3)
        #expect(c?.structuredAppend?.id == "AB")
        #expect(c?.text == "X")
        #expect(c?.symbologyIdentifier == "]z6")
        let noID = parse([(29, 5), (29, 5), (2, 5), (3, 5), (25, 5)])
        #expect(noID?.structuredAppend?.index == 0)
        #expect(noID?.structuredAppend?.count == 2)
        #expect(noID?.structuredAppend?.id == "")
    }

    /// An id with digits is written in Digit mode, its closing space too, then U/L before the letters
    /// (as zint writes `--structapp=1,3,AB12`); one that starts with a digit latches before its opening
    /// space. A reviewer found every such symbol unread.
    @Test func structuredAppendIdWithDigits() {
        // M/L U/L SP A B D/L 1 2 SP U/L A C then "X": message "AB12", symbol 1 of 3.
        let c = parse([
            (29, 5), (29, 5), (1, 5), (2, 5), (3, 5), (30, 5), (3, 4), (4, 4), (1, 4), (14, 4), (2, 5), (4, 5),
            (25, 5),
        ])
        #expect(c?.structuredAppend?.id == "AB12")
        #expect(c?.structuredAppend?.index == 0)
        #expect(c?.structuredAppend?.count == 3)
        #expect(c?.text == "X")
        // M/L U/L D/L SP 1 2 SP U/L B B then "X": message "12", symbol 2 of 2.
        let digits = parse([
            (29, 5), (29, 5), (30, 5), (1, 4), (3, 4), (4, 4), (1, 4), (14, 4), (3, 5), (3, 5), (25, 5),
        ])
        #expect(digits?.structuredAppend?.id == "12")
        #expect(digits?.structuredAppend?.index == 1)
        #expect(digits?.text == "X")
    }
}
