import MSIPlessey
import ScanCore
import Testing

/// Exact values read from zint-rendered MSI Plessey symbols.
@Suite struct MSIPlesseyDecoderTests {
    /// What scanctl reports: the decoder's results through a registry (which drops a symbol reported
    /// twice, e.g. by two line families).
    func read(_ image: LuminanceImage, _ decoder: MSIPlesseyDecoder = MSIPlesseyDecoder()) -> [Barcode] {
        DecoderRegistry([decoder]).decode(FrameContext(image: image), options: DecodeOptions())
    }

    @Test func aModulo10Symbol() throws {
        let image = try Zint.msi("1234567", version: 1)
        let codes = read(image)
        try #require(codes.count == 1)
        let c = codes[0]
        #expect(c.format == "msi")
        #expect(c.rawValue == "12345674")
        #expect(c.rawBytes == Array("12345674".utf8))
        #expect(c.symbologyIdentifier == "]M0")
        #expect(c.metadata["check"] == "mod10")
        #expect(c.orientation == 0)
        // zint --scale=2: 4-pixel modules, a 12-module quiet zone, then 3 + 8 × 12 + 4 modules of bars, as
        // high as the image.
        #expect(image.width == 508 && image.height == 232)
        let corners = c.cornerPoints
        #expect(corners.map { ($0.x - 48).magnitude <= 1 } == [true, false, false, true])
        #expect(corners.map { ($0.x - 460).magnitude <= 1 } == [false, true, true, false])
        #expect(corners.map { $0.y <= 1 } == [true, true, false, false])
        #expect(corners.map { $0.y >= 199 } == [false, false, true, true])
    }

    @Test(arguments: [
        ("80523", 1, [MSICheckScheme.mod10], "805234", "mod10"),
        ("1234567", 2, [.mod10mod10], "123456741", "mod10_mod10"),
        ("80523", 3, [.mod11], "805238", "mod11"),
        ("1236", 3, [.mod11], "123610", "mod11"),
        ("80523", 4, [.mod11mod10], "8052383", "mod11_mod10"),
        ("0000", 1, [.mod10], "00000", "mod10"),
        ("31415926535897932384", 1, [.mod10], "314159265358979323844", "mod10"),
    ])
    func eachCheckDigitScheme(data: String, version: Int, checks: [MSICheckScheme], value: String, check: String) throws
    {
        let codes = read(try Zint.msi(data, version: version), MSIPlesseyDecoder(checks: checks))
        #expect(codes.map(\.rawValue) == [value])
        #expect(codes.map { $0.metadata["check"] } == [check])
    }

    @Test func aModulo10DoubleSymbolPassesTheDefaultCheck() throws {
        // Its last digit is a modulo 10 digit over all before it.
        #expect(read(try Zint.msi("1234567", version: 2)).map(\.rawValue) == ["123456741"])
    }

    @Test func aSymbolWhoseCheckDigitDoesNotVerifyIsNotRead() throws {
        // Modulo 11 gives 8 for 80523; modulo 10 would want 4.
        #expect(read(try Zint.msi("80523", version: 3)).isEmpty)
        // No check digit at all (and 4 is not the modulo 10 digit of 8052).
        #expect(read(try Zint.msi("80524", version: 0)).isEmpty)
    }

    @Test func tooShortSymbolsAreNotRead() throws {
        #expect(read(try Zint.msi("12", version: 1)).isEmpty)  // 3 digits with the check digit
        #expect(read(try Zint.msi("123", version: 1)).map(\.rawValue) == ["1230"])
    }

    @Test(arguments: [1, 2, 3])
    func turnedSymbols(quarterTurns: Int) throws {
        let image = try Zint.msi("1234567", version: 1).rotated(quarterTurns: quarterTurns)
        let codes = read(image)
        #expect(codes.map(\.rawValue) == ["12345674"])
        #expect(codes.map(\.orientation) == [Double(90 * quarterTurns)])
    }

    @Test(arguments: [20.0, 135.0, 250.0])
    func tiltedSymbolsOnALabel(degrees: Double) throws {
        let image = try Zint.msi("1234567", version: 1).onLabel(margin: 40).rotated(byDegrees: degrees)
        #expect(read(image).map(\.rawValue) == ["12345674"])
    }

    @Test(arguments: [0.0, 20.0, 135.0])
    func aLabelWhoseCheckDigitFailsReadsNothingAtAnyAngle(degrees: Double) throws {
        // No partial read either (a line leaving the bars through their top or bottom edge).
        let image = try Zint.msi("80523", version: 3).onLabel(margin: 40).rotated(byDegrees: degrees)
        #expect(read(image).isEmpty)
    }

    @Test func twoSymbolsOnAPage() throws {
        let a = try Zint.msi("1234567", version: 1)
        let b = try Zint.msi("9876", version: 1)
        let page = LuminanceImage.page(width: 1100, height: 600, [(a, 10, 10), (b, 560, 300)])
        #expect(Set(read(page).compactMap(\.rawValue)) == ["12345674", "98764"])
    }

    @Test func aBlankImageAndOtherBarsReadNothing() throws {
        #expect(read(LuminanceImage(width: 200, height: 100, filledWith: 255)).isEmpty)
    }
}
