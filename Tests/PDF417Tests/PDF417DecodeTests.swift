import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import PDF417

/// End-to-end reads of symbols rendered by zint, with exact expected values.
@Suite(.enabled(if: Zint.available))
struct PDF417DecodeTests {
    func decode(_ image: LuminanceImage, options: DecodeOptions = DecodeOptions()) -> [Barcode] {
        DecoderRegistry([PDF417Decoder()]).decode(FrameContext(image: image), options: options)
    }

    @Test func simple() throws {
        let image = try Zint.pdf417.render("Hello, PDF417!", ["--cols=3", "--secure=2"])
        let found = decode(image)
        #expect(found.count == 1)
        let b = try #require(found.first)
        #expect(b.rawValue == "Hello, PDF417!")
        #expect(b.errorCorrectionLevel == "2")
        #expect(b.metadata["columns"] == "3")
        #expect(b.symbologyIdentifier == "]L2")
        #expect(b.isMirrored == false)
    }
}

extension PDF417DecodeTests {
    static let sentence = "PDF417 stacks rows of codewords; each row starts with 81111113 and ends with 711311121."

    @Test(arguments: 0...8) func everyLevel(level: Int) throws {
        let image = try Zint.pdf417.render(Self.sentence, ["--secure=\(level)", "--cols=12"], scale: 1)
        let b = try #require(decode(image).first)
        #expect(b.rawValue == Self.sentence)
        #expect(b.errorCorrectionLevel == String(level))
        #expect(b.metadata["columns"] == "12")
    }

    @Test func compactionModes() throws {
        let cases: [(String, String)] = [
            ("text", "Mixed Case text: with punctuation; (and) {braces} @ 42 #tags\tTAB\r\nend"),
            ("numeric", "1234567890123456789012345678901234567890123456789012345678901234"),
            ("switches", "ABC 1234567890123456789 def ghi! 0987654321098765432109876 xyz"),
            ("binary-ish", "caf\u{E9} na\u{EF}ve \u{1F600} \u{65E5}\u{672C}"),
        ]
        for (name, text) in cases {
            let image = try Zint.pdf417.render(text, ["--cols=5"], scale: 2)
            let b = decode(image).first
            #expect(b?.rawValue == text, "\(name)")
        }
    }

    @Test func byteCompactionBinary() throws {
        var rng = PDF417ErrorCorrectionTests.Rng(state: 417)
        for count in [6, 7, 11, 12, 100, 301] {
            let payload = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let image = try Zint.pdf417.render(payload, ["--binary", "--cols=8"], scale: 1)
            let b = decode(image).first
            #expect(b?.rawBytes == payload, "\(count) bytes")
        }
    }

    @Test func eciUTF8() throws {
        let text = "Привет, мир — 日本語"
        let image = try Zint.pdf417.render(text, ["--eci=26", "--cols=6"])
        let b = try #require(decode(image).first)
        #expect(b.rawValue == text)
        #expect(b.rawBytes == Array(text.utf8))
        #expect(b.metadata["eci"] == "26")
    }

    /// One symbol, five character sets: each segment's text in its own (Shift JIS, ISO 8859-7, UTF-8,
    /// windows-1256, ISO 8859-1).
    @Test func severalECIs() throws {
        let segments = [
            (20, "テスト"), (9, "αβγ Ω"), (26, "日本語 é 😀"), (24, "عربي"), (3, "Price 12 EUR"),
        ]
        let b = try #require(decode(try Zint.pdf417.render(segments: segments)).first)
        #expect(b.rawValue == "テストαβγ Ω日本語 é 😀عربيPrice 12 EUR")
        #expect(b.metadata["eci"] == "20,9,26,24,3")
    }

    @Test func aamvaPayloadIsByteExact() throws {
        // Invented licence data shaped like AAMVA DL/ID 2016 (header, subfile designator, elements).
        let payload =
            "@\n\u{1E}\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\n"
            + "DADJOHN\nDDGN\nDCAD\nDCBK\nDCDPH\nDBD06062016\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\n"
            + "DAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\n"
            + "DCK123456789\nDDAF\nDDB06062008\nDDC06062009\nDDD1\rZVZVA01\r"
        let image = try Zint.pdf417.render(payload, ["--cols=10", "--secure=5"], scale: 2)
        let b = try #require(decode(image).first)
        #expect(b.rawBytes == Array(payload.utf8))
        #expect(b.rawValue == payload)
    }

    @Test func aliasedModulesOfAboutOnePixel() throws {
        // One pixel per module stretched to 18 pixels per 17 modules without smoothing: elements of one
        // module are one or two pixels wide at random, rows three pixels high.
        let text = "Aliased 1px"
        let symbol = try Zint.pdf417.render(text, ["--cols=1", "--secure=2"], scale: 0.5)
        let b = try #require(decode(symbol.aliased(18.0 / 17, 1)).first)
        #expect(b.rawValue == text)
        #expect(b.errorCorrectionLevel == "2")
        #expect(b.metadata["columns"] == "1")
    }

    @Test func compactSymbol() throws {
        let image = try Zint("PDF417COMP").render("Compact PDF417 symbol", ["--cols=3"], scale: 2)
        let b = try #require(decode(image).first)
        #expect(b.rawValue == "Compact PDF417 symbol")
        #expect(b.metadata["compact"] == "true")
    }

    @Test func rotated37Degrees() throws {
        let image = try Zint.pdf417.render(Self.sentence, ["--cols=4", "--secure=3"], scale: 3).rotated(
            by: 37, canvas: .fitted(margin: 2))
        let b = try #require(decode(image).first)
        #expect(b.rawValue == Self.sentence)
        #expect(abs(b.orientation - 37) < 4, "\(b.orientation) \(b.cornerPoints)")
    }

    @Test(arguments: [90.0, 180, 270, 143, 311]) func otherAngles(angle: Double) throws {
        let image = try Zint.pdf417.render(Self.sentence, ["--cols=4"], scale: 3).rotated(
            by: angle, canvas: .fitted(margin: 2))
        #expect(decode(image).first?.rawValue == Self.sentence, "\(angle)°")
    }

    @Test func perspective() throws {
        let flat = try Zint.pdf417.render(Self.sentence, ["--cols=4"], scale: 3)
        let w = Double(flat.width), h = Double(flat.height)
        let corners = [
            Point(40, 30), Point(40 + w * 0.95, 60), Point(40 + w * 0.9, 30 + h * 1.05), Point(20, 40 + h * 0.9),
        ]
        let image = flat.warped(onto: corners, width: flat.width + 120, height: flat.height + 120)
        #expect(decode(image).first?.rawValue == Self.sentence)
    }

    @Test func mirroredAndInverted() throws {
        let image = try Zint.pdf417.render(Self.sentence, ["--cols=4"], scale: 2)
        let m = try #require(decode(image.mirrored()).first)
        #expect(m.rawValue == Self.sentence)
        #expect(m.isMirrored)
        let i = try #require(decode(image.inverted()).first)
        #expect(i.rawValue == Self.sentence)
        #expect(i.isInverted)
    }

    @Test func cornerPoints() throws {
        // zint --scale=1 draws 2 px per module; --quietzones adds 2 modules on each side.
        let image = try Zint.pdf417.render("corners", ["--cols=2", "--rows=7"], scale: 1)
        let b = try #require(decode(image).first)
        let c = b.cornerPoints
        let width = Double(17 * 2 + 69) * 2
        #expect(c[0].distance(to: Point(4, 4)) < 3, "\(c)")
        #expect(c[1].distance(to: Point(4 + width, 4)) < 3, "\(c)")
        #expect(abs(c[2].y - Double(image.height - 4)) < 3, "\(c)")
        #expect(b.metadata["rows"] == "7")
    }

    @Test func severalSymbolsOnAPage() throws {
        let a = try Zint.pdf417.render("first symbol", ["--cols=3"], scale: 2)
        let b = try Zint.pdf417.render("second symbol", ["--cols=2"], scale: 2).rotated(
            by: 90, canvas: .fitted(margin: 2))
        let c = try Zint.pdf417.render("third symbol", ["--cols=4"], scale: 2)
        let page = LuminanceImage.page(width: 900, height: 700, [(a, 20, 20), (b, 600, 40), (c, 60, 400)])
        let texts = Set(decode(page).compactMap(\.rawValue))
        #expect(texts == ["first symbol", "second symbol", "third symbol"])
    }

    @Test func macroSetOfThreeMerged() throws {
        let parts = ["Macro PDF417 splits ", "one file across ", "three symbols."]
        var images: [(LuminanceImage, Int, Int)] = []
        for (i, p) in parts.enumerated() {
            let img = try Zint.pdf417.render(p, ["--cols=4", "--structapp=\(i + 1),3,123456"], scale: 2)
            images.append((img, 20, 20 + i * (img.height + 20)))
        }
        let page = LuminanceImage.page(
            width: 700, height: images.reduce(40) { $0 + $1.0.height + 20 }, images.reversed())
        let codes = decode(page)
        #expect(codes.count == 3)
        let files = PDF417MacroSet.merge(codes)
        #expect(files.count == 1)
        #expect(files.first?.text == parts.joined())
        #expect(files.first?.segmentCount == 3)
        #expect(files.first?.fileID == "123456")  // zint writes the id as codewords 123, 456
        #expect(codes.allSatisfy { $0.structuredAppend?.count == 3 })
    }

    @Test func erasedColumnIsCorrected() throws {
        // Paint a white stripe down one data column: its codewords are unreadable in every row and become
        // erasures for the Reed–Solomon decoder.
        let image = try Zint.pdf417.render(Self.sentence, ["--cols=6", "--secure=5"], scale: 2)
        var pixels = image.packedPixels
        let module = 2, x0 = (2 + 17 + 17 + 17 * 2 + 4) * module
        for y in 0..<image.height { for x in x0..<(x0 + 9 * module) { pixels[y * image.width + x] = 255 } }
        let damaged = LuminanceImage(width: image.width, height: image.height, pixels: pixels)
        let b = try #require(decode(damaged).first)
        #expect(b.rawValue == Self.sentence)
        #expect(Int(b.metadata["erasures"] ?? "0")! > 0)
    }
}

extension PDF417DecodeTests {
    @Test func wrongCodewordsInTheMiddleOfTheirRowsAreErasedNotTrusted() throws {
        // In four codewords, the middle of the row band (0.22–0.78 of its height) is taken from another
        // symbol of the same size: the middle lines read a valid wrong codeword, the lines near the row's
        // edges the right one. As errors the four exceed level 2's correction (8 codewords, margin 2); as
        // the weak codewords the vote makes them, they are erased and corrected. A row's reading must not
        // stop once its middle lines agree (a reviewer's case from stop 43).
        let arguments = ["--cols=4", "--rows=10", "--secure=2", "--height=3", "--heightperrow"]
        let text = "BYVRXWBAUPDPZSVQVUHTYDYCZXUCBC"
        let a = try Zint.pdf417.render(text, arguments, scale: 1)
        let b = try Zint.pdf417.render("YQKWSTZCWXJDNKJQKKALSXRQNEWGJL", arguments, scale: 1)
        #expect(a.width == b.width && a.height == b.height)
        var pixels = a.packedPixels
        let other = b.packedPixels
        // 2 px a module, 6 px a row, a quiet zone of 2 modules; data column j starts after the start
        // pattern and the left row indicator (34 modules).
        let module = 2, row = 6, quiet = 4
        for (r, j) in [(9, 0), (1, 3), (3, 3), (0, 3)] {
            let x0 = quiet + (34 + 17 * j) * module, x1 = quiet + (51 + 17 * j) * module
            let y0 = quiet + r * row + 1, y1 = quiet + r * row + 5
            for y in y0..<y1 { for x in x0..<x1 { pixels[y * a.width + x] = other[y * a.width + x] } }
        }
        let damaged = LuminanceImage(width: a.width, height: a.height, pixels: pixels)
        let found = decode(damaged)
        #expect(found.map(\.rawValue) == [text])
        #expect(found.first.map { Int($0.metadata["erasures"] ?? "0")! > 0 } == true)
    }
}
