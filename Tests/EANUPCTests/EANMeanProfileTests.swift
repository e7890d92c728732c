import ScanCore
import ScanTestSupport
import Testing

@testable import EANUPC

/// ``LinearScanner/MeanProfile``: a small symbol under defocus and sensor noise that no single line
/// reads, read from the mean of its lines along the bars.
@Suite("EAN/UPC from the mean of the lines along the bars")
struct EANMeanProfileTests {
    static let value = "5901234123457"

    /// An EAN-13 with 1.8-pixel modules, Gaussian blur σ 1.2 pixels (two thirds of a module) and
    /// noise σ 14 grey levels drawn anew on every pixel, bars 60 pixels high, on a 900 × 300 page.
    static func page(seed: UInt64) -> LuminanceImage {
        let symbol = BarRenderer.defocused(module: 1.8, blur: 1.2, seed: seed).render(EANSmallModuleTests.widths(value))
        return LuminanceImage.page(width: 900, height: 300, [(symbol, 300, 110)])
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func noLineReadsItTheMeanDoes(seed: UInt64) throws {
        let page = Self.page(seed: seed)
        // Rows and columns only (the mean needs `tryRotate`): nothing.
        #expect(decode(page) { $0.tryRotate = false }.isEmpty)
        let codes = decode(page)
        #expect(codes.map(\.rawValue) == [Self.value])
        let code = try #require(codes.first)
        #expect(code.format == .ean13)
        // The symbol spans x 321.6 ... 492.6 (12 quiet-zone modules, 95 modules) and y 116 ... 176;
        // the corners lie on the outermost lines that align, inside the bars' height.
        let xs = code.cornerPoints.map(\.x), ys = code.cornerPoints.map(\.y)
        #expect(abs(xs.min()! - 321.6) < 2 && abs(xs.max()! - 492.6) < 2)
        #expect(ys.min()! >= 114 && ys.max()! <= 178 && ys.max()! - ys.min()! >= 20)
    }

    /// The blurred symbol printed light on dark: the try-invert pass reads the negative of the mean the
    /// positive pass formed (``FrameContext``'s shared derivations).
    @Test func lightBarsOnDarkReadFromTheNegativeOfTheMean() throws {
        let page = FrameContext(image: Self.page(seed: 2).inverted())
        let registry = DecoderRegistry([EANUPCDecoder()])
        var rowsAndColumns = DecodeOptions()
        rowsAndColumns.tryRotate = false
        #expect(registry.decode(page, options: rowsAndColumns).isEmpty)
        let codes = registry.decode(FrameContext(image: page.image), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == [Self.value])
        #expect(try #require(codes.first).isInverted)
    }

    /// The same symbol with its bars running off the top of the image: lines beyond the border (which
    /// would repeat the border row) are not walked, so the corners stay inside the image.
    @Test func barsRunningOffTheImageStopTheLines() throws {
        var renderer = BarRenderer(module: 1.8)
        renderer.blur = 1.2
        renderer.noise = 14
        renderer.seed = 1
        renderer.barHeight = 60
        renderer.margin = 0
        let symbol = renderer.render(EANSmallModuleTests.widths(Self.value))
        let page = LuminanceImage.page(width: 900, height: 200, [(symbol, 300, 0)])
        let codes = decode(page)
        #expect(codes.map(\.rawValue) == [Self.value])
        let ys = try #require(codes.first).cornerPoints.map(\.y)
        #expect(ys.min()! >= 0 && ys.max()! <= 61)
    }

    /// The registry's downscaled passes ask the engine for the mean alone (`meanOnly`): it reads the
    /// blurred symbol, but not inside an outline where lines read rival values (`contested`); without
    /// try-harder, where the mean does not run, the line families read as before.
    @Test func meanOnlyReadsByTheMeanAndFallsBackToTheLinesWithoutTryHarder() {
        let decoders: [any LinearRowDecoder] = [EANUPCDecoder().rowDecoder]
        let blurred = FrameContext(image: Self.page(seed: 1))
        let byMean = LinearScanner.scan(blurred, options: DecodeOptions(), decoders: decoders, meanOnly: true)
        #expect(byMean[0].map(\.rawValue) == [Self.value])
        var renderer = BarRenderer(module: 1.8)
        renderer.barHeight = 60
        let sharp = FrameContext(
            image: LuminanceImage.page(
                width: 900, height: 300, [(renderer.render(EANSmallModuleTests.widths(Self.value)), 300, 110)]))
        var fast = DecodeOptions()
        fast.tryHarder = false
        let byLines = LinearScanner.scan(sharp, options: fast, decoders: decoders, meanOnly: true)
        #expect(byLines[0].map(\.rawValue) == [Self.value])
        // Where the full-size lines found rival values (`contested`), the mean does not read either (nor
        // would the whole engine, were `meanOnly` ignored: its mean would read the blurred symbol).
        let away = LinearScanner.scan(
            blurred, options: DecodeOptions(), decoders: decoders, meanOnly: true,
            contested: [[Point(300, 100), Point(520, 100), Point(520, 190), Point(300, 190)]])
        #expect(away[0].isEmpty)
    }

    /// Without blur or noise the lines read it themselves, and the mean adds no second symbol.
    @Test func aSharpSymbolIsReadOnceByItsLines() {
        var renderer = BarRenderer(module: 1.8)
        renderer.barHeight = 60
        let page = LuminanceImage.page(
            width: 900, height: 300, [(renderer.render(EANSmallModuleTests.widths(Self.value)), 300, 110)])
        #expect(decode(page).map(\.rawValue) == [Self.value])
    }
}
