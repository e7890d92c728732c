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
