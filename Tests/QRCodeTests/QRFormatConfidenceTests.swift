import Testing

@testable import QRCode

/// ``QRFormatInformation/isConfident(_:)``: the stricter test that gates the costly alignment-pattern
/// mapping, against ``QRFormatInformation/decode(_:)``.
struct QRFormatConfidenceTests {
    let word = QRFormatInformation(level: .m, mask: 5).word  // 0b100000011001110 (Table C.1)

    @Test func exactCopyIsConfidentEvenWithTheOtherCopyLost() {
        #expect(QRFormatInformation.isConfident([word, 0]))
        #expect(QRFormatInformation.isConfident([0x7FFF, word]))
    }

    @Test func bothCopiesNearTheSameWordAreConfident() {
        #expect(QRFormatInformation.isConfident([word ^ 0b111, word ^ 0b1_0100_0000_0001]))
    }

    /// One copy three errors away and the other far from it: ``QRFormatInformation/decode(_:)`` still
    /// accepts it (it takes the best copy), the confidence test does not.
    @Test func oneDamagedCopyAloneIsNotConfident() {
        let far = word ^ 0b0110_1101_1010_0110
        #expect(QRFormatInformation.decode([word ^ 0b111, far]) == QRFormatInformation(level: .m, mask: 5))
        #expect(!QRFormatInformation.isConfident([word ^ 0b111, far]))
    }

    /// Before a grid is fitted: an exact copy still counts whatever the other reads, two inexact copies of
    /// one word only with 3 errors or fewer in all (texture shows two alike copies 2 or 3 errors away).
    @Test func clearBeforeGridAllowsThreeErrorsInAll() {
        #expect(QRFormatInformation.isClearBeforeGrid([word, 0]))
        #expect(QRFormatInformation.isClearBeforeGrid([word ^ 0b1, word ^ 0b1_0100_0000_0000]))
        #expect(QRFormatInformation.isClearBeforeGrid([word ^ 0b11, word ^ 0b1_0000_0000_0000]))
        #expect(QRFormatInformation.isConfident([word ^ 0b11, word ^ 0b11]))
        #expect(!QRFormatInformation.isClearBeforeGrid([word ^ 0b11, word ^ 0b11]))
        #expect(!QRFormatInformation.isClearBeforeGrid([word ^ 0b111, word ^ 0b1_0100_0000_0001]))
        let other = QRFormatInformation(level: .l, mask: 2).word
        #expect(!QRFormatInformation.isClearBeforeGrid([word ^ 0b1, other ^ 0b1]))
        // A reading outside 15 bits is compared with the words directly, whichever copy it is.
        #expect(QRFormatInformation.isClearBeforeGrid([word, -1]))
        #expect(QRFormatInformation.isClearBeforeGrid([-1, word]))
        #expect(!QRFormatInformation.isClearBeforeGrid([word ^ 0b1, 1 << 15]))
    }

    /// Over all 2^15 single readings paired with a fixed unrelated one, few pass: chance grids rarely do.
    @Test func fewRandomReadingsAreConfident() {
        var decoded = 0, confident = 0
        for r in 0..<(1 << 15) {
            let pair = [r, (r &* 7919 &+ 12345) & 0x7FFF]
            if QRFormatInformation.decode(pair) != nil { decoded += 1 }
            if QRFormatInformation.isConfident(pair) { confident += 1 }
        }
        #expect(decoded > 16_000)
        #expect(confident < 1_000)
    }
}
