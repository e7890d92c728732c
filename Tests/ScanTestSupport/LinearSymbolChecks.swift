import ScanCore
import Testing

/// Checks every linear plugin's tests make of a decoder on ``BarRenderer`` images: the expectations
/// are recorded against the calling test (`sourceLocation`).
public enum LinearSymbolChecks {
    /// Expects `decoder` to read the symbol of `widths` drawn with 3-pixel modules, its corner points
    /// within `tolerance` pixels of the first bar's leading edge and the last bar's trailing edge, its top
    /// and bottom within the bars' rows (`margin ..< margin + barHeight`), top above bottom.
    public static func expectCornersSpanTheBars(
        _ widths: [Double], decoder: some SymbologyDecoder, tolerance: Double = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let renderer = BarRenderer(module: 3)
        let symbol = try #require(decoder.decode(renderer.render(widths)).first, sourceLocation: sourceLocation)
        let span = renderer.span(widths)
        let corners = symbol.cornerPoints
        #expect(abs(corners[0].x - span.start) <= tolerance, sourceLocation: sourceLocation)
        #expect(abs(corners[1].x - span.end) <= tolerance, sourceLocation: sourceLocation)
        #expect(abs(corners[2].x - span.end) <= tolerance, sourceLocation: sourceLocation)
        #expect(abs(corners[3].x - span.start) <= tolerance, sourceLocation: sourceLocation)
        let top = Double(renderer.margin)
        let bottom = Double(renderer.margin + renderer.barHeight)
        #expect(
            corners[0].y >= top && corners[2].y <= bottom && corners[0].y < corners[2].y,
            sourceLocation: sourceLocation)
    }

    /// Expects `found` to be one symbol of `format` holding `value`, with the symbology `identifier`;
    /// returns it.
    @discardableResult
    public static func expectOneSymbol(
        _ found: [Barcode], format: BarcodeFormat, value: String, identifier: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Barcode {
        let b = try #require(found.first, sourceLocation: sourceLocation)
        #expect(found.count == 1, sourceLocation: sourceLocation)
        #expect(b.format == format, sourceLocation: sourceLocation)
        #expect(b.rawValue == value, sourceLocation: sourceLocation)
        #expect(b.symbologyIdentifier == identifier, sourceLocation: sourceLocation)
        return b
    }

    /// Expects `decoder`, with `tryRotate`, to read `image` turned clockwise by `quarterTurns` as one
    /// symbol of `value` whose orientation is the turn in degrees.
    public static func expectOneTurnedRead(
        _ image: LuminanceImage, value: String, quarterTurns: Int, decoder: some SymbologyDecoder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let found = decoder.decode(image.rotated(quarterTurns: quarterTurns)) { $0.tryRotate = true }
        let b = try #require(found.first, sourceLocation: sourceLocation)
        #expect(found.count == 1, sourceLocation: sourceLocation)
        #expect(b.rawValue == value, sourceLocation: sourceLocation)
        #expect(b.orientation == Double(90 * quarterTurns), sourceLocation: sourceLocation)
    }

    /// Expects `value` read from `widths` drawn with `module` pixels per module, ink spread (0.6 px),
    /// blur (σ 0.5 px) and noise (σ 12 grey levels), and again with thinned bars (−0.5 px).
    public static func expectDegradedReads(
        widths: [Double], module: Double, value: String, decode: (LuminanceImage) -> [Barcode],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var r = BarRenderer(module: module)
        r.inkSpread = 0.6
        r.blur = 0.5
        r.noise = 12
        #expect(decode(r.render(widths)).first?.rawValue == value, sourceLocation: sourceLocation)
        r.inkSpread = -0.5
        #expect(decode(r.render(widths)).first?.rawValue == value, sourceLocation: sourceLocation)
    }

    /// Expects nothing read from a blank 300 × 80 image and from five seeded noise images of 300 × 120.
    public static func expectNothingOnBlankOrNoise(
        sourceLocation: SourceLocation = #_sourceLocation, _ decode: (LuminanceImage) -> [Barcode]
    ) {
        #expect(decode(LuminanceImage(width: 300, height: 80, filledWith: 255)).isEmpty, sourceLocation: sourceLocation)
        for seed in 1...5 as ClosedRange<UInt64> {
            let image = LuminanceImage.noise(width: 300, height: 120, seed: seed)
            #expect(decode(image).isEmpty, sourceLocation: sourceLocation)
        }
    }
}
