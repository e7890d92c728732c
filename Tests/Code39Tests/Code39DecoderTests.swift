import ScanCore
import ScanTestSupport
import Testing

@testable import Code39

struct Code39DecoderTests {
    func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
        Code39Decoder().decode(image, configure)
    }

    func image(_ text: String, module: Double = 3) -> LuminanceImage {
        BarRenderer(module: module).render(Code39TestEncoder.widths(text))
    }

    @Test func standardModeKeepsPercentLiteral() throws {
        let found = decode(image("%WBA123")) { $0.code39FullASCII = .off }
        try LinearSymbolChecks.expectOneSymbol(found, format: .code39, value: "%WBA123", identifier: "]A0")
    }

    @Test func fullASCIIPairsDecode() throws {
        // ISO/IEC 16388 Full ASCII table: a = +A, b = +B, c = +C, % = /E, $ = /D.
        for mode in [FullASCIIMode.on, .auto] {
            let found = decode(image("+A+B+C/E/D")) { $0.code39FullASCII = mode }
            let b = try #require(found.first)
            #expect(b.rawValue == "abc%$")
            #expect(b.symbologyIdentifier == "]A4")
        }
        let literal = decode(image("+A+B+C/E/D")) { $0.code39FullASCII = .off }
        #expect(literal.first?.rawValue == "+A+B+C/E/D")
    }

    @Test func autoModeFallsBackOnInvalidPair() throws {
        // /M is reserved: not Full ASCII, so auto keeps the characters; on rejects the symbol.
        #expect(decode(image("A/M1")) { $0.code39FullASCII = .auto }.first?.rawValue == "A/M1")
        #expect(decode(image("A/M1")) { $0.code39FullASCII = .on }.isEmpty)
    }

    @Test func checkCharacterOptions() throws {
        let good = Code39TestEncoder.withCheck("CODE39")  // "CODE39W"
        #expect(good == "CODE39W")
        let verify = decode(image(good)) { $0.code39CheckCharacter = .verify }
        #expect(verify.first?.rawValue == "CODE39W")
        #expect(verify.first?.symbologyIdentifier == "]A1")
        let strip = decode(image(good)) { $0.code39CheckCharacter = .verifyAndStrip }
        #expect(strip.first?.rawValue == "CODE39")
        #expect(strip.first?.symbologyIdentifier == "]A3")
        #expect(strip.first?.metadata["check"] == "W")
        let bad = "CODE39X"
        #expect(decode(image(bad)) { $0.code39CheckCharacter = .verify }.isEmpty)
        #expect(decode(image(bad)) { $0.code39CheckCharacter = .verifyAndStrip }.isEmpty)
        #expect(decode(image(bad)) { $0.code39CheckCharacter = .ignore }.first?.rawValue == "CODE39X")
    }

    @Test func fullASCIIWithStrippedCheck() throws {
        let text = Code39TestEncoder.withCheck("+A+B")
        let found = decode(image(text)) {
            $0.code39CheckCharacter = .verifyAndStrip
            $0.code39FullASCII = .on
        }
        #expect(found.first?.rawValue == "ab")
        #expect(found.first?.symbologyIdentifier == "]A7")
    }

    @Test(arguments: [1, 2, 3])
    func rotatedSymbolsRead(quarterTurns: Int) throws {
        try LinearSymbolChecks.expectOneTurnedRead(
            image("ROT-90.1"), value: "ROT-90.1", quarterTurns: quarterTurns, decoder: Code39Decoder())
    }

    @Test func cornerPointsSpanTheBars() throws {
        try LinearSymbolChecks.expectCornersSpanTheBars(Code39TestEncoder.widths("CORNER"), decoder: Code39Decoder())
    }

    @Test func degradedImagesRead() throws {
        let widths = Code39TestEncoder.widths("INK SPREAD 2", ratio: 2.2)
        LinearSymbolChecks.expectDegradedReads(widths: widths, module: 2.4, value: "INK SPREAD 2") { decode($0) }
    }

    @Test func nothingOnBlankOrNoise() {
        LinearSymbolChecks.expectNothingOnBlankOrNoise { decode($0) }
    }

    @Test func noQuietZoneNoRead() {
        // A symbol glued to other bars: bars on both sides.
        let widths = [1.0, 1.0, 1.0, 1.0] + Code39TestEncoder.widths("ABC") + [1.0, 1.0, 1.0, 1.0]
        var wide = BarRenderer(module: 3)
        wide.quietZone = 12
        #expect(decode(wide.render(widths)).isEmpty)
    }
}
