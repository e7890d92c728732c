import ScanCore
import ScanTestSupport
import Testing

@testable import QRCode

/// End-to-end reads of symbols rendered by zint, with exact expected values.
@Suite(.enabled(if: Zint.available))
struct QRDecodeTests {
    func decode(_ image: LuminanceImage, options: DecodeOptions = DecodeOptions()) -> [Barcode] {
        DecoderRegistry([QRCodeDecoder()]).decode(FrameContext(image: image), options: options)
    }

    static let thousand: String = {
        let words = ["scan", "ctl", "QR", "code", "Model 2", "version", "mask", "level", "ISO/IEC 18004", "2015"]
        var s = ""
        var i = 0
        while s.count < 1000 {
            s += words[i % words.count] + (i % 7 == 0 ? ". " : " ")
            i += 1
        }
        return String(s.prefix(1000))
    }()

    @Test(arguments: 0..<8) func everyMaskAtEveryLevel(mask: Int) throws {
        for (level, name) in [(1, "L"), (2, "M"), (3, "Q"), (4, "H")] {
            let image = try Zint.qrCode.render(Self.thousand, ["--secure=\(level)", "--mask=\(mask)"], scale: 1)
            let found = decode(image)
            #expect(found.count == 1, "mask \(mask) level \(name)")
            guard let b = found.first else { continue }
            #expect(b.rawValue == Self.thousand)
            #expect(b.errorCorrectionLevel == name)
            #expect(b.metadata["mask"] == String(mask))
            #expect(b.symbologyIdentifier == "]Q1")
            #expect(b.isMirrored == false && b.isInverted == false)
        }
    }

    @Test(arguments: 1...40) func everyVersion(version: Int) throws {
        let level = [1, 2, 3, 4][version % 4]
        let image = try Zint.qrCode.render("V\(version)", ["--secure=\(level)", "--vers=\(version)"], scale: 1)
        let found = decode(image)
        #expect(found.first?.rawValue == "V\(version)")
        #expect(found.first?.metadata["version"] == String(version))
        let n = Double(17 + 4 * version) * 2  // zint scale 1: 2 pixels per module
        if let c = found.first?.cornerPoints, c.count == 4 {
            #expect(c[0].distance(to: Point(8, 8)) < 1.5, "\(c)")  // 4-module quiet zone
            #expect(c[1].distance(to: Point(8 + n, 8)) < 1.5, "\(c)")
            // The bottom-right corner rests on the alignment pattern's centre from version 2 on.
            #expect(c[2].distance(to: Point(8 + n, 8 + n)) < 1.5, "\(c)")
            #expect(c[3].distance(to: Point(8, 8 + n)) < 1.5, "\(c)")
        }
    }

    @Test func binaryPayloadRoundTrip() throws {
        var rng = SplitMix64(seed: 1024)
        let payload = (0..<1024).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = try Zint.qrCode.render(payload, ["--binary", "--secure=1"], scale: 1)
        let found = decode(image)
        #expect(found.count == 1)
        #expect(found.first?.rawBytes == payload)
    }

    @Test func modes() throws {
        let cases: [(String, [String])] = [
            ("0123456789012345", []), ("HELLO WORLD $%*+-./:", []), ("mixed Case 123 ABC", []),
            ("Ünïcödé ✓ 日本語", []),
        ]
        for (text, args) in cases {
            let found = decode(try Zint.qrCode.render(text, args))
            #expect(found.first?.rawValue == text)
        }
    }

    @Test func kanjiUnderECI26() throws {
        let text = "点茗漢字テスト"
        let found = decode(try Zint.qrCode.render(text, ["--eci=26"]))
        #expect(found.first?.rawValue == text)
        #expect(found.first?.symbologyIdentifier == "]Q2")
    }

    @Test func kanjiModeWithoutECI() throws {
        // zint encodes Kanji mode for Shift_JIS-representable text without an ECI.
        let text = "点茗"
        let found = decode(try Zint.qrCode.render(text, []))
        #expect(found.first?.rawValue == text)
        #expect(found.first?.rawBytes == [0x93, 0x5F, 0xE4, 0xAA])
    }

    @Test func eciISO8859_7() throws {
        let found = decode(try Zint.qrCode.render("αβγ", ["--eci=9"]))
        #expect(found.first?.rawValue == "αβγ")
        #expect(found.first?.rawBytes == [0xE1, 0xE2, 0xE3])
        #expect(found.first?.metadata["eci"] == "9")
    }

    @Test func gs1() throws {
        let found = decode(try Zint.qrCode.render("[01]09501101530003[3103]000123[10]ABC", ["--gs1"]))
        #expect(found.first?.symbologyIdentifier == "]Q3")
        #expect(found.first?.rawValue == "010950110153000331030001231" + "0ABC")
        let alnum = decode(try Zint.qrCode.render("[10]ABC123[21]XYZ", ["--gs1"]))
        #expect(alnum.first?.rawValue == "10ABC123\u{1D}21XYZ")
    }

    @Test func structuredAppendSetMerges() throws {
        let parts = ["The first part, ", "the second part, ", "and the third."]
        var found: [Barcode] = []
        for (i, p) in parts.enumerated() {
            found += decode(try Zint.qrCode.render(p, ["--structapp=\(i + 1),3,77"]))
        }
        #expect(found.count == 3)
        #expect(found.map { $0.structuredAppend?.index } == [0, 1, 2])
        #expect(found.allSatisfy { $0.structuredAppend?.count == 3 && $0.structuredAppend?.id == "77" })
        let merged = StructuredAppend.merge(found.reversed())
        #expect(merged?.rawValue == parts.joined())
        #expect(StructuredAppend.merge(Array(found.prefix(2))) == nil)
    }

    @Test func invertedAndMirrored() throws {
        let image = try Zint.qrCode.render("Light on dark", [])
        let inverted = decode(image.inverted())
        #expect(inverted.first?.rawValue == "Light on dark")
        #expect(inverted.first?.isInverted == true)
        let mirrored = decode(try Zint.qrCode.render("Mirror image", []).mirrored())
        #expect(mirrored.first?.rawValue == "Mirror image")
        #expect(mirrored.first?.isMirrored == true)
        #expect(mirrored.first?.isInverted == false)
    }

    @Test func threeCodesOnAPage() throws {
        let texts = ["first code", "second code", "third code"]
        let images = try texts.map { try Zint.qrCode.render($0, []) }
        let page = LuminanceImage.page(
            width: 600, height: 400, [(images[0], 10, 10), (images[1], 300, 30), (images[2], 120, 220)])
        let found = decode(page)
        #expect(found.count == 3)
        #expect(Set(found.compactMap(\.rawValue)) == Set(texts))
    }

    @Test func pageOf27SmallCodes() throws {
        var placed: [(LuminanceImage, Int, Int)] = []
        var texts: [String] = []
        for i in 0..<27 {
            let t = "item \(i)"
            texts.append(t)
            let img = try Zint.qrCode.render(t, ["--vers=1"], scale: 1)  // 29 modules × 2 px = 58 px
            placed.append((img, (i % 9) * 62, (i / 9) * 62))
        }
        let page = LuminanceImage.page(width: 9 * 62, height: 3 * 62, placed)
        let found = decode(page)
        #expect(found.count == 27)
        #expect(Set(found.compactMap(\.rawValue)) == Set(texts))
    }

    /// Strong perspective: versions 1 (no alignment pattern) and 3 (alignment pattern far from where the
    /// parallelogram of the finder centres puts it), seen at five tilts; read through the finder outlines.
    /// In the last two (about 48° of tilt and a quarter turn, as on a sheet photographed at a slant) the
    /// symbol's right angle looks like 55° and the line between the top-right and bottom-left finder
    /// patterns is the shortest side of their triangle, not the longest.
    @Test(arguments: [
        [Point(60, 30), Point(170, 22), Point(215, 200), Point(8, 210)],
        [Point(20, 60), Point(200, 10), Point(230, 220), Point(40, 170)],
        [Point(90, 20), Point(230, 120), Point(120, 230), Point(10, 110)],
        [Point(20, 220), Point(53, 78), Point(171, 20), Point(141, 168)],
        [Point(20, 220), Point(63, 70), Point(172, 20), Point(130, 176)],
    ]) func strongPerspective(quad: [Point]) throws {
        for (text, version) in [("Tilted V1", 1), ("Tilted version 3 symbol", 3)] {
            let flat = try Zint.qrCode.render(text, ["--vers=\(version)"], scale: 4)
            let image = flat.warped(onto: quad, width: 240, height: 240)
            let found = decode(image)
            #expect(found.count == 1, "version \(version) \(quad)")
            #expect(found.first?.rawValue == text)
            #expect(found.first?.metadata["version"] == String(version))
        }
    }

    /// A symbol seen at a slant is narrower along the tilt, across or down alike: its finder patterns are
    /// half as wide as they are high, or half as high as they are wide (about 60° of tilt), and both
    /// read.
    @Test(arguments: [(0.5, 1.0), (1.0, 0.5)]) func foreshortenedEitherWay(sx: Double, sy: Double) throws {
        let flat = try Zint.qrCode.render("Foreshortened", ["--vers=1"], scale: 6)
        let found = decode(flat.scaled(sx, sy).padded(12))
        #expect(found.map(\.rawValue) == ["Foreshortened"], "scaled \(sx) × \(sy)")
    }

    /// Finder patterns drawn as concentric circles and data modules as dots (a common design): the
    /// alignment pattern's centre must be measured, not taken from the best template position.
    @Test func circularModules() throws {
        let text = "example.org/circles"
        let image = try Zint.qrCode.render(text, ["--vers=3", "--secure=4"], scale: 4).circularModules(
            module: 8, margin: 32)
        let found = decode(image)
        #expect(found.first?.rawValue == text)
        #expect(found.first?.metadata["version"] == "3")
    }

    @Test func pureSymbolWithoutQuietZone() throws {
        let image = try Zint.qrCode.render("pure", ["--vers=2"], scale: 2)
        // Crop off the 4-module quiet zone (16 px at 4 px per module).
        let crop = try image.cropped(x: 16, y: 16, width: image.width - 32, height: image.height - 32)
        var options = DecodeOptions()
        options.pure = true
        #expect(decode(crop, options: options).first?.rawValue == "pure")
    }
}
