import ScanCore
import ScanTestSupport
import Testing

@testable import ITF

/// Whole-image decoding of rendered ITF symbols.
struct ITFDecoderTests {
    typealias E = ITFTestEncoder

    func render(
        _ digits: String, narrow: Int = 2, wide: Int = 5, _ configure: (inout PixelBarRenderer) -> Void = { _ in }
    )
        -> (LuminanceImage, PixelBarRenderer.Placement)
    {
        var r = PixelBarRenderer()
        r.quietZone = 10 * narrow
        configure(&r)
        return r.render(E.widths(digits, narrow: narrow, wide: wide))
    }

    func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
        ITFDecoder().decode(image, configure)
    }

    @Test func fourDigitsNeedALowerMinimumLength() throws {
        let (image, _) = render("1515")
        #expect(decode(image).isEmpty)  // default minimum: 6 digits
        let b = try #require(decode(image) { $0.itfMinLength = 4 }.first)
        #expect(b.rawValue == "1515")
        #expect(b.symbologyIdentifier == "]I0")
        #expect(decode(render("15").0) { $0.itfMinLength = 2 }.first?.rawValue == "15")
    }

    @Test func twentyDigits() throws {
        let (image, _) = render("12345678901234567890")
        let b = try #require(decode(image).first)
        #expect(b.format == .itf)
        #expect(b.rawValue == "12345678901234567890")
    }

    @Test(arguments: [(2, 4), (2, 5), (2, 6), (3, 9)])
    func wideToNarrowRatiosTwoToThree(narrow: Int, wide: Int) throws {
        let (image, _) = render("00123456", narrow: narrow, wide: wide)
        #expect(decode(image).first?.rawValue == "00123456")
    }

    /// ITF-14 in a bearer frame: a thick one (12 px) well clear of the bars, and a thin one (6 px) only 6
    /// narrow widths beside them. The read's line sees the thin frame as well, so it ends the quiet zone
    /// and is no sign of a stretch between glare bands (``LinearRowDecoder/startAndStopOccurInside``).
    @Test(arguments: [(bearer: 12, quietZone: 30), (bearer: 6, quietZone: 18)])
    func itf14WithBearerFrame(bearer: Int, quietZone: Int) throws {
        let gtin = E.itf14("1540014128876")
        let (image, p) = render(gtin, narrow: 3, wide: 8) { r in
            r.bearer = bearer
            r.bearerFrame = true
            r.quietZone = quietZone
        }
        let b = try #require(decode(image).first)
        #expect(b.rawValue == gtin)
        #expect(b.metadata["gtin"] == gtin)
        #expect(b.symbologyIdentifier == "]I1")
        // Corners on the symbol, not on the frame (2 px along, inside the bar rows across).
        let c = b.cornerPoints
        #expect(abs(c[0].x - Double(p.x0)) <= 2 && abs(c[1].x - Double(p.x1)) <= 2)
        #expect(c[0].y >= Double(p.y0) - 2 && c[2].y <= Double(p.y1) + 2)
        #expect(c[2].y - c[0].y >= Double(p.y1 - p.y0) / 2)
    }

    @Test func itf14WithBearerBarsAboveAndBelow() throws {
        let gtin = E.itf14("0001234567890")
        let (image, _) = render(gtin, narrow: 2, wide: 5) { $0.bearer = 8 }
        #expect(decode(image).first?.rawValue == gtin)
    }

    @Test func fourteenDigitsWithoutGS1CheckDigitArePlainITF() throws {
        let (image, _) = render("15400141288760")  // the GS1 check digit would be 3
        let b = try #require(decode(image).first)
        #expect(b.rawValue == "15400141288760")
        #expect(b.symbologyIdentifier == "]I0")
        #expect(b.metadata["gtin"] == nil)
    }

    @Test func aSymbolCutShortIsNoRead() {
        // The stop pattern missing: bars run into a dark block, so no read may end inside the symbol.
        var widths = E.widths("1234567890")
        widths.removeLast(3)
        widths += [4, 30]
        var r = PixelBarRenderer()
        r.quietZone = 20
        let (image, _) = r.render(widths)
        #expect(decode(image).isEmpty)
        // The same symbol with its start pattern crowded by a bar.
        let (crowded, _) = r.render([6, 4] + E.widths("1234567890"))
        #expect(decode(crowded).isEmpty)
    }

    /// A long, short-barred symbol turned so that no row or column crosses it whole: lines entering or
    /// leaving through the bars' top or bottom edge see inner pairs between light runs. Whatever is
    /// reported must be the whole value.
    @Test(arguments: [8.0, 12.0, 20.0, 30.0, 160.0, 250.0])
    func tiltedLongSymbolGivesNoPartialRead(degrees: Double) {
        let digits = "860316932572248216756504"
        let (image, _) = render(digits, narrow: 3, wide: 7) { r in
            r.barHeight = 40
            r.margin = 30
        }
        let found = decode(image.rotated(by: degrees, ground: 235)) { $0.itfMinLength = 2 }
        #expect(found.allSatisfy { $0.rawValue == digits }, "\(found.map(\.rawValue))")
    }

    /// The same long symbol with bars too short for any row to cross it whole at 20° (that needs 210 px)
    /// but tall enough for the 15° scan lines: the rows leave through the bars' top or bottom edge and see
    /// shorter runs of valid pairs, which the scan-line engine cuts (bars run on beyond their ends on the
    /// neighbouring rows), so the slanted lines get to read the whole symbol.
    @Test(arguments: [20.0, 160.0, 200.0, 340.0])
    func tiltedLongSymbolReadsWhole(degrees: Double) {
        let digits = "860316932572248216756504"
        let (image, _) = render(digits, narrow: 3, wide: 7) { r in
            r.barHeight = 190
            r.margin = 30
        }
        let found = DecoderRegistry.removingDuplicates(decode(image.rotated(by: degrees, ground: 235)))
        #expect(found.map(\.rawValue) == [digits])
    }

    @Test func slightlyTiltedSymbolReads() {
        let (image, _) = render("30712345000010", narrow: 3, wide: 7) { $0.margin = 30 }
        #expect(decode(image.rotated(by: 5, ground: 235)).first?.rawValue == "30712345000010")
    }

    @Test(arguments: [1, 2, 3])
    func rotatedSymbolsAreFound(quarterTurns: Int) throws {
        var (image, _) = render("987654")
        for _ in 0..<quarterTurns { image = image.rotated90Clockwise() }
        let b = try #require(decode(image).first)
        #expect(b.rawValue == "987654")
        #expect(b.orientation == Double(90 * quarterTurns))
    }

    @Test func noisyBlurredSymbolReads() throws {
        let (image, _) = render("13572468", narrow: 3, wide: 7) { r in
            r.noise = 30
            r.blur = 1
        }
        #expect(decode(image).first?.rawValue == "13572468")
    }

    @Test func nothingOnBlankOrNoise() {
        #expect(decode(LuminanceImage(width: 300, height: 200, filledWith: 255)) { $0.itfMinLength = 2 }.isEmpty)
        for seed: UInt64 in [4, 5, 6] {
            let image = LuminanceImage.noise(width: 320, height: 240, seed: seed)
            #expect(decode(image) { $0.itfMinLength = 2 }.isEmpty)
        }
    }
}
