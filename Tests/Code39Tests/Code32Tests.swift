import ScanCore
import ScanTestSupport
import Testing

@testable import Code39

/// Code 32 (Italian pharmaceutical code) on Code 39 characters: the base-32 value and its check digit.
struct Code32Tests {
    func decode(_ image: LuminanceImage, formats: Set<BarcodeFormat> = []) -> [Barcode] {
        var options = DecodeOptions()
        options.formats = formats
        return Code39Decoder().decode(FrameContext(image: image), options: options)
    }

    func image(_ text: String) -> LuminanceImage {
        BarRenderer(module: 3).render(Code39TestEncoder.widths(text))
    }

    /// `zint -b CODE32` of `digits` (8 digits; zint adds the check digit), with quiet zones.
    func zintImage(_ digits: String) throws -> LuminanceImage {
        try Zint("CODE32").render(digits)
    }

    @Test func valuesAndCheckDigits() {
        #expect(Code32.value(of: Array("3PRM8N")) == "A123456788")
        #expect(Code32.value(of: Array("00000D")) == "A000000012")
        #expect(Code32.value(of: Array("XTPLHS")) == "A999999992")
        // 12345679 with check 8 is not a Code 32 value.
        #expect(Code32.value(of: Array("3PRM8P")) == nil)
        // Vowels, other characters and other lengths are not Code 32.
        #expect(Code32.value(of: Array("3PRM8A")) == nil)
        #expect(Code32.value(of: Array("3PRM-N")) == nil)
        #expect(Code32.value(of: Array("3PRM8NB")) == nil)
    }

    @Test func readAsCode32WhenAskedForByName() throws {
        let c32 = try #require(decode(image("3PRM8N"), formats: [.code39, .code32]).first)
        #expect(c32.format == .code32)
        #expect(c32.rawValue == "A123456788")
        #expect(c32.rawBytes == Array("A123456788".utf8))
        #expect(c32.symbologyIdentifier == "]A0")
        #expect(c32.metadata["code39"] == "3PRM8N")
        #expect(decode(image("3PRM8N"), formats: [.code32]).first?.rawValue == "A123456788")
        // Every format (the default) or Code 39 alone: the characters as they are, as Code 39.
        for formats: Set<BarcodeFormat> in [[], [.code39]] {
            let code39 = try #require(decode(image("3PRM8N"), formats: formats).first)
            #expect(code39.format == .code39)
            #expect(code39.rawValue == "3PRM8N")
        }
        // A Code 39 symbol that is no Code 32 value stays Code 39, and is not reported for code32 alone.
        #expect(decode(image("3PRM8P"), formats: [.code39, .code32]).first?.format == .code39)
        #expect(decode(image("3PRM8P"), formats: [.code32]).isEmpty)
    }

    @Test(
        .enabled(if: Zint.available),
        arguments: [
            ("12345678", "A123456788"), ("00000001", "A000000012"), ("99999999", "A999999992"),
            ("31415926", "A314159260"),
        ])
    func zintSymbols(_ digits: String, _ value: String) throws {
        let found = decode(try zintImage(digits), formats: [.code32])
        #expect(found.count == 1)
        #expect(found.first?.format == .code32)
        #expect(found.first?.rawValue == value)
    }
}
