import ScanCore
import ScanTestSupport
import Testing

@testable import EANUPC

/// Corner points must lie within this many pixels of where the renderer put the symbol's outer corners.
let cornerTolerance = 2.0

func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
    EANUPCDecoder().decode(image, configure)
}

func expectCorners(_ b: Barcode, _ expected: [Point], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(b.cornerPoints.count == 4, sourceLocation: sourceLocation)
    for (got, want) in zip(b.cornerPoints, expected) {
        #expect(
            abs(got.x - want.x) <= cornerTolerance && abs(got.y - want.y) <= cornerTolerance,
            "corner \(got) is not within \(cornerTolerance) px of \(want)", sourceLocation: sourceLocation)
    }
}

/// Expects `modules` drawn with `quiet` modules of quiet zone to read as a symbol of `format` holding
/// `value`, with `identifier` and its corners where the renderer put them; returns the symbol.
@discardableResult
func expectRead(
    _ modules: String, quiet: Int, format: BarcodeFormat, value: String, identifier: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Barcode {
    let r = EANTestRenderer.render(modules, quiet: quiet)
    let b = try #require(decode(r.image).first, sourceLocation: sourceLocation)
    #expect(b.format == format, sourceLocation: sourceLocation)
    #expect(b.rawValue == value, sourceLocation: sourceLocation)
    #expect(b.symbologyIdentifier == identifier, sourceLocation: sourceLocation)
    expectCorners(b, r.corners, sourceLocation: sourceLocation)
    return b
}

@Suite("EAN/UPC decoding of rendered symbols")
struct EANUPCDecoderTests {
    @Test func plugin() {
        let d = EANUPCDecoder()
        #expect(d.name == "ean-upc")
        #expect(d.formats == [.ean13, .ean8, .upca, .upce])
    }

    @Test(arguments: [2, 3, 5])
    func ean13(module: Int) throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"), module: module)
        let codes = decode(r.image)
        #expect(codes.count == 1)
        let b = try #require(codes.first)
        #expect(b.format == .ean13)
        #expect(b.rawValue == "4006381333931")
        #expect(b.rawBytes == Array("4006381333931".utf8))
        #expect(b.displayValue == "4006381333931")
        #expect(b.symbologyIdentifier == "]E0")
        #expect(b.orientation == 0)
        expectCorners(b, r.corners)
    }

    @Test func upcA() throws {
        try expectRead(
            EANTestRenderer.ean13("036000291452"), quiet: 9, format: .upca, value: "036000291452", identifier: "]E0")
    }

    @Test func upcAAsEAN13WhenOnlyEAN13IsWanted() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("036000291452"))
        let b = try #require(decode(r.image) { $0.formats = [.ean13] }.first)
        #expect(b.format == .ean13)
        #expect(b.rawValue == "0036000291452")
    }

    @Test func ean8() throws {
        try expectRead(EANTestRenderer.ean8("96385074"), quiet: 7, format: .ean8, value: "96385074", identifier: "]E4")
    }

    @Test(arguments: [("04252614", "042100005264"), ("11234562", "112345000062")])
    func upcE(value: String, upcA: String) throws {
        let b = try expectRead(EANTestRenderer.upcE(value), quiet: 9, format: .upce, value: value, identifier: "]E0")
        #expect(b.upcA == upcA)
    }

    /// The left half of an EAN-13 whose first digit is 1–9, with the centre guard and the right half's
    /// first bar, is module for module a UPC-E of number system 1; when its check digit holds (one in ten),
    /// a line that sees no more of the EAN-13 reads it. The row decoder marks such values
    /// (``LinearMatch/mayBePartOfLongerSymbol``), so the scanner wants the consensus along the bars to read them
    /// too; number system 0 is never an EAN-13's half (first digit 0 is all set A, no UPC-E parity).
    @Test func aUPCEOfNumberSystemOneIsMarkedAsPossiblyPartOfAnEAN13() {
        // EAN-13 3 204773 349268 (right half's first digit 3: bar, then four light modules).
        let ean = EANTestRenderer.ean13("3204773349268")
        #expect(String(ean.prefix(51)) == EANTestRenderer.upcE("12047733"))
        func rowMatches(_ modules: String) -> [LinearMatch] {
            let r = EANTestRenderer.render(modules, quiet: 9)
            let row = (0..<r.image.width).map { r.image[$0, r.image.height / 2] < 128 }
            var runs: [Int] = [], dark = false, n = 0
            for d in row {
                if d == dark { n += 1 } else { runs.append(n); n = 1; dark = d }
            }
            runs.append(n)
            return EANRowDecoder().decodeRow(ScanLine(runs: runs), options: DecodeOptions())
        }
        let half = rowMatches(String(ean.prefix(51)))
        #expect(half.map(\.format) == [.upce])
        #expect(half.map(\.text) == ["12047733"])
        #expect(half.map(\.mayBePartOfLongerSymbol) == [true])
        let upcE0 = rowMatches(EANTestRenderer.upcE("04252614"))
        #expect(upcE0.map(\.text) == ["04252614"])
        #expect(upcE0.map(\.mayBePartOfLongerSymbol) == [false])
        let whole = rowMatches(ean)
        #expect(whole.map(\.text) == ["3204773349268"])
        #expect(whole.map(\.mayBePartOfLongerSymbol) == [false])
    }

    @Test func wrongCheckDigitGivesNothing() {
        for modules in [
            EANTestRenderer.ean13("4006381333932"), EANTestRenderer.ean8("96385075"),
            EANTestRenderer.ean13("036000291453"), EANTestRenderer.upcE("04252615"),
        ] {
            #expect(decode(EANTestRenderer.render(modules).image).isEmpty)
        }
    }

    @Test(arguments: [1, 2, 3])
    func rotations(quarterTurns: Int) throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"), rotations: quarterTurns)
        let b = try #require(decode(r.image).first)
        #expect(b.rawValue == "4006381333931")
        #expect(b.orientation == Double(90 * quarterTurns))
        expectCorners(b, r.corners)
        let withoutRotate = decode(r.image) { $0.tryRotate = false }
        // Upside down is still a row read backwards; 90° and 270° need the columns.
        #expect(withoutRotate.isEmpty == (quarterTurns != 2))
    }

    @Test func invertedThroughTheRegistry() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"), inverted: true)
        #expect(decode(r.image).isEmpty)
        let registry = DecoderRegistry([EANUPCDecoder()])
        let b = try #require(registry.decode(FrameContext(image: r.image), options: DecodeOptions()).first)
        #expect(b.rawValue == "4006381333931")
        #expect(b.isInverted)
    }

    @Test(arguments: [(20, 0), (0, 1), (35, 1), (25, 2)])
    func noiseAndBlur(noise: Int, blur: Int) throws {
        let r = EANTestRenderer.render(
            EANTestRenderer.ean13("9780201379624"), module: 4, noise: noise, blur: blur,
            seed: 7)
        let codes = decode(r.image)
        #expect(codes.map(\.rawValue) == ["9780201379624"])
    }

    @Test func blankAndNoiseImagesGiveNothing() {
        #expect(decode(LuminanceImage(width: 320, height: 240, filledWith: 255)).isEmpty)
        #expect(decode(LuminanceImage(width: 320, height: 240, filledWith: 0)).isEmpty)
        for seed: UInt64 in 1...3 {
            var rng = SplitMix64(seed: seed)
            let px = (0..<(240 * 160)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(decode(LuminanceImage(width: 240, height: 160, pixels: px)).isEmpty)
            // Random vertical bars: runs of every width, the worst case for a 1D reader.
            var bars = [UInt8](repeating: 0, count: 500)
            var x = 0
            while x < 500 {
                let w = 1 + Int(rng.next() % 9), v: UInt8 = rng.next() % 2 == 0 ? 20 : 235
                for i in x..<min(500, x + w) { bars[i] = v }
                x += w
            }
            let image = LuminanceImage(width: 500, height: 40, pixels: (0..<40).flatMap { _ in bars })
            #expect(decode(image).isEmpty)
        }
    }

    @Test func pureSymbolWithoutQuietZone() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"), quiet: 0, margin: 0)
        #expect(decode(r.image) { $0.pure = true }.first?.rawValue == "4006381333931")
    }
}
