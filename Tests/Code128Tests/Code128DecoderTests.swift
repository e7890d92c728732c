import ScanCore
import ScanTestSupport
import Testing

@testable import Code128

/// Whole-image decoding of rendered symbols.
struct Code128DecoderTests {
    typealias E = Code128TestEncoder

    func render(
        _ values: [Int], module: Int = 3, badCheck: Bool = false,
        _ configure: (inout PixelBarRenderer) -> Void = { _ in }
    )
        -> (LuminanceImage, PixelBarRenderer.Placement)
    {
        var r = PixelBarRenderer()
        r.quietZone = 10 * module
        configure(&r)
        return r.render(E.modules(values, badCheck: badCheck).map { $0 * module })
    }

    func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
        Code128Decoder().decode(image, configure)
    }

    @Test func gs1128WithVariableLengthFieldGetsGroupSeparator() throws {
        // (01)05000456112253(10)COV0109(17)220901: Start C, FNC1, AI 01 + GTIN and AI 10 in set C,
        // the lot in set B, FNC1 after the variable-length field, then AI 17 in set C.
        let values =
            [105, E.fnc1] + E.c("0105000456112253") + E.c("10") + [E.codeB] + E.b("COV0109")
            + [E.fnc1, E.codeC] + E.c("17220901")
        let (image, _) = render(values, module: 2)
        let b = try #require(decode(image).first)
        #expect(b.format == .code128)
        #expect(b.rawValue == "0105000456112253" + "10COV0109" + "\u{1D}" + "17220901")
        #expect(b.rawBytes == Array("010500045611225310COV0109".utf8) + [0x1D] + Array("17220901".utf8))
        #expect(b.symbologyIdentifier == "]C1")
        #expect(b.metadata["gs1"] == "true")
    }

    @Test func codeSetBText() throws {
        let (image, _) = render([104] + E.b("Code 128"))
        let b = try #require(decode(image).first)
        #expect(b.rawValue == "Code 128")
        #expect(b.symbologyIdentifier == "]C0")
    }

    @Test func codeSetCDigits() throws {
        let (image, _) = render([105] + E.c("102030405060708090"))
        #expect(decode(image).map(\.rawValue) == ["102030405060708090"])
    }

    @Test func codeSetAWithShiftAndControlCharacter() throws {
        let (image, _) = render([103, 33, 73, E.shift, 66, 35])
        #expect(decode(image).first?.rawValue == "A\tbC")
    }

    @Test func fnc4GivesLatin1() throws {
        // "Grüße": ü = 0xFC = 128 + '|', ß = 0xDF = 128 + '_'.
        let values = [104] + E.b("Gr") + [E.fnc4B] + E.b("|") + [E.fnc4B] + E.b("_") + E.b("e")
        let (image, _) = render(values)
        let b = try #require(decode(image).first)
        #expect(b.rawValue == "Grüße")
        #expect(b.rawBytes == [0x47, 0x72, 0xFC, 0xDF, 0x65])
    }

    @Test func badCheckCharacterGivesNoResult() {
        let (image, _) = render([104] + E.b("Code 128"), badCheck: true)
        #expect(decode(image).isEmpty)
    }

    @Test func readerProgrammingIsNotReported() {
        let (image, _) = render([104, E.fnc3] + E.b("SET1"))
        #expect(decode(image).isEmpty)
    }

    @Test func missingQuietZoneGivesNoResult() {
        // A dark block two modules before the start character.
        var modules = [3, 2] + E.modules([104] + E.b("ABC"))
        modules = modules.map { $0 * 3 }
        var r = PixelBarRenderer()
        r.quietZone = 30
        let (image, _) = r.render(modules)
        // Rows and columns only: a slanted scan line can enter over the block's top edge, where the
        // quiet zone really is clear, and read the whole (valid) symbol.
        #expect(decode(image) { $0.tryRotate = false }.isEmpty)
    }

    /// Corner points within 2 px of the drawn bars along the symbol, and inside the bar rows across it.
    @Test func cornerPointsMatchTheDrawnSymbol() throws {
        let (image, p) = render([104] + E.b("corner"))
        let b = try #require(decode(image).first)
        let c = b.cornerPoints
        #expect(abs(c[0].x - Double(p.x0)) <= 2 && abs(c[3].x - Double(p.x0)) <= 2)
        #expect(abs(c[1].x - Double(p.x1)) <= 2 && abs(c[2].x - Double(p.x1)) <= 2)
        #expect(c[0].y >= Double(p.y0) - 2 && c[2].y <= Double(p.y1) + 2)
        #expect(c[2].y - c[0].y >= Double(p.y1 - p.y0) / 2)
        #expect(b.orientation == 0)
    }

    @Test(arguments: [1, 2, 3])
    func rotatedSymbolsAreFound(quarterTurns: Int) throws {
        var (image, _) = render([104] + E.b("Turn me"))
        for _ in 0..<quarterTurns { image = image.rotated90Clockwise() }
        let b = try #require(decode(image).first)
        #expect(b.rawValue == "Turn me")
        #expect(b.orientation == Double(90 * quarterTurns))
        // The first corner is the start character's leading edge: after a half turn, at the right.
        if quarterTurns == 2 { #expect(b.cornerPoints[0].x > Double(image.width) / 2) }
    }

    @Test func rotatedSymbolIsNotFoundWithoutTryRotate() {
        let (image, _) = render([104] + E.b("Turn me"))
        #expect(decode(image.rotated90Clockwise()) { $0.tryRotate = false }.isEmpty)
    }

    @Test func noisyBlurredSmallSymbolReads() throws {
        let (image, _) = render([104] + E.b("Noisy 42"), module: 3) { r in
            r.noise = 40
            r.blur = 1
        }
        #expect(decode(image).first?.rawValue == "Noisy 42")
    }

    @Test func saltAndPepperNoiseIsTolerated() throws {
        let (image, _) = render([104] + E.b("Salt & pepper"), module: 3) { r in
            r.saltPepper = 0.02
            r.barHeight = 40
        }
        #expect(decode(image).first?.rawValue == "Salt & pepper")
    }

    @Test func inkSpreadIsTolerated() throws {
        // Every bar one pixel wider (and every space one narrower) at 3 px per module.
        let modules = E.modules([104] + E.b("Spread!"))
        let widths = modules.enumerated().map { k, m in m * 3 + (k % 2 == 0 ? 1 : -1) }
        let (image, _) = PixelBarRenderer().render(widths)
        #expect(decode(image).first?.rawValue == "Spread!")
    }

    @Test func nothingOnBlankOrNoise() {
        #expect(decode(LuminanceImage(width: 300, height: 200, filledWith: 255)).isEmpty)
        for seed: UInt64 in [1, 2, 3] {
            #expect(decode(LuminanceImage.noise(width: 320, height: 240, seed: seed)).isEmpty)
        }
    }
}
