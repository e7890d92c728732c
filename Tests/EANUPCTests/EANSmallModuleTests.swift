import ScanCore
import ScanTestSupport
import Testing

@testable import EANUPC

/// Small symbols in large photos: modules under 2 pixels, and bars only a few scan lines high.
@Suite("EAN/UPC with small modules")
struct EANSmallModuleTests {
    static let value = "4006381333931"

    /// The element widths (modules, bar first) of an EAN-13.
    static func widths(_ value: String) -> [Double] {
        var out: [Double] = []
        var last: Character = "0"
        for bit in EANTestRenderer.ean13(value) {
            if bit == last, !out.isEmpty { out[out.count - 1] += 1 } else { out.append(1) }
            last = bit
        }
        return out
    }

    /// 1.7-pixel modules under a Gaussian blur of 1 pixel: smoothing a row's profile before finding its
    /// edges takes so much of the one-module bars' and spaces' contrast that about half the edges go
    /// missing; unsmoothed, the hysteresis finds them (30 bars, 60 edges).
    @Test func smoothingLosesTheEdgesOfBlurredSmallModules() {
        var renderer = BarRenderer(module: 1.7)
        renderer.blur = 1.0
        let image = renderer.render(Self.widths(Self.value))
        let row = (0..<image.width).map { image[$0, image.height / 2] }
        #expect(LineProfileThreshold.edges(row, smoothing: false).edges.count >= 59)
        #expect(LineProfileThreshold.edges(row, smoothing: true).edges.count < 50)
    }

    /// The engine reads rows and columns unsmoothed: an EAN-13 with 1.7-pixel modules under a blur of
    /// 0.6 pixels reads (from smoothed profiles it did not).
    @Test func blurredModulesOfOnePointSevenPixelsRead() {
        var renderer = BarRenderer(module: 1.7)
        renderer.blur = 0.6
        let codes = decode(renderer.render(Self.widths(Self.value)))
        #expect(codes.map(\.rawValue) == [Self.value])
        #expect(codes.first?.format == .ean13)
    }

    /// A 3000-pixel-high frame has its 96 rows 31 pixels apart; a symbol with bars 28 pixels high between
    /// two of them is read on the lines added through its candidate blocks
    /// (``LinearScanner/guidedLineSpacing``), with the two agreeing reads it needs.
    @Test func shortBarsBetweenTheFramesScanLinesRead() throws {
        var renderer = BarRenderer(module: 2)
        renderer.barHeight = 28
        renderer.margin = 0
        let symbol = renderer.render(Self.widths(Self.value))
        let height = 3000
        let rowStep = height / LinearScanner.linesTryHarder
        // Bars from 2 pixels below the middle row (a scan line) to 1 pixel above the next one.
        let top = height / 2 + 2
        #expect(top + 28 < height / 2 + rowStep)
        let page = LuminanceImage.page(width: 1000, height: height, [(symbol, 300, top)])
        let codes = decode(page)
        #expect(codes.map(\.rawValue) == [Self.value])
        #expect(codes.first?.format == .ean13)
    }
}
