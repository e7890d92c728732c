import ScanCore
import ScanTestSupport
import Testing

@testable import Code93

struct Code93DecoderTests {
    func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
        Code93Decoder().decode(image, configure)
    }

    func image(_ text: String, module: Double = 3, corruptCheck: Bool = false) -> LuminanceImage {
        BarRenderer(module: module).render(Code93TestEncoder.widths(text, corruptCheck: corruptCheck))
    }

    @Test func checkCharactersOfAKnownSymbol() {
        // "TEST93" (values 29 14 28 29 9 3) is sent as TEST93+6: C = '+' (41), K = '6'.
        // C = (3·1 + 9·2 + 29·3 + 28·4 + 14·5 + 29·6) mod 47 = 464 mod 47 = 41 ('+').
        // K = (41·1 + 3·2 + 9·3 + 29·4 + 28·5 + 14·6 + 29·7) mod 47 = 617 mod 47 = 6.
        let (c, k) = Code93CheckCharacters.compute(for: [29, 14, 28, 29, 9, 3])
        #expect(c == 41)
        #expect(k == 6)
    }

    @Test func fullASCIIShiftPairs() throws {
        let values = Code93TestEncoder.values("()*,{}~")
        // ( ) * , are (/)H (/)I (/)J (/)L; { } ~ are (%)P (%)R (%)S.
        #expect(values == [45, 17, 45, 18, 45, 19, 45, 21, 44, 25, 44, 27, 44, 28])
        let found = decode(BarRenderer(module: 3).render(Code93TestEncoder.widths(values: values)))
        try LinearSymbolChecks.expectOneSymbol(found, format: .code93, value: "()*,{}~", identifier: "]G0")
    }

    @Test func allCharactersAndLowerCase() throws {
        let text = "CODE 93 -.$/+% abc xyz"
        #expect(decode(image(text)).first?.rawValue == text)
        let all = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        #expect(decode(image(all, module: 2)).first?.rawValue == all)
    }

    @Test func badCheckCharacterGivesNoResult() {
        #expect(decode(image("CODE 93", corruptCheck: true)).isEmpty)
        #expect(decode(image("CODE 93", corruptCheck: false)).first?.rawValue == "CODE 93")
    }

    @Test func invalidShiftPairGivesNoResult() {
        // (/)M is reserved.
        #expect(decode(BarRenderer(module: 3).render(Code93TestEncoder.widths(values: [10, 45, 22]))).isEmpty)
    }

    @Test(arguments: [1, 2, 3])
    func rotatedSymbolsRead(quarterTurns: Int) throws {
        try LinearSymbolChecks.expectOneTurnedRead(
            image("Turn 93"), value: "Turn 93", quarterTurns: quarterTurns, decoder: Code93Decoder())
    }

    @Test func cornerPointsSpanTheBars() throws {
        try LinearSymbolChecks.expectCornersSpanTheBars(Code93TestEncoder.widths("CORNER"), decoder: Code93Decoder())
    }

    @Test func degradedImagesRead() {
        let widths = Code93TestEncoder.widths("SPREAD 93")
        LinearSymbolChecks.expectDegradedReads(widths: widths, module: 2.5, value: "SPREAD 93") { decode($0) }
    }

    @Test func nothingOnBlankOrNoise() {
        LinearSymbolChecks.expectNothingOnBlankOrNoise { decode($0) }
    }
}
