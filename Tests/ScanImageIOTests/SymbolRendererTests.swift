import ScanCore
import Testing

@testable import ScanImageIO

struct SymbolRendererTests {
    /// A 2 × 2 matrix symbol: dark, light / light, dark.
    let matrix = GeneratedSymbol(
        format: .qrcode, modules: BitMatrix(width: 2, height: 2, bits: [1, 0, 0, 1]), isLinear: false, quietZone: 1)
    /// A linear symbol: bar, space, bar of 1, 1, 2 modules.
    let linear = GeneratedSymbol(
        format: .code128, modules: BitMatrix(width: 4, height: 1, bits: [1, 0, 1, 1]), isLinear: true, quietZone: 3)

    @Test func canvasAddsQuietZoneAndStretchesBars() {
        let c = SymbolRenderer.canvas(matrix, style: SymbolStyle())
        #expect(c.width == 4 && c.height == 4)
        #expect(c.bits == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0])
        var style = SymbolStyle()
        style.barHeight = 3
        let l = SymbolRenderer.canvas(linear, style: style)
        // Quiet zone 3 left and right, min(3, 2) above and below.
        #expect(l.width == 10 && l.height == 7)
        #expect(l.rowRuns(2) == [3, 1, 1, 2, 3] && l.rowRuns(4) == [3, 1, 1, 2, 3] && l.rowRuns(1) == [10])
        #expect(SymbolStyle().barHeight(for: linear) == 24)
    }

    @Test func luminanceScales() {
        var style = SymbolStyle()
        style.scale = 2
        let image = SymbolRenderer.luminance(matrix, style: style)
        #expect(image.width == 8 && image.height == 8)
        #expect(image[2, 2] == 0 && image[3, 3] == 0 && image[4, 2] == 255 && image[0, 0] == 255)
    }

    @Test func pngOneAndEightBitReadBack() throws {
        var style = SymbolStyle()
        style.scale = 3
        style.foreground = RGBColor(red: 0x10, green: 0x20, blue: 0x30)
        let one = try SymbolRenderer.png(matrix, style: style, bitDepth: .one)
        #expect(one[24] == 1 && one[25] == 3)  // IHDR bit depth 1, palette
        let frame = try ImageReader.read(data: one, name: "one.png")
        #expect(frame.width == 12 && frame.height == 12 && frame.format == .rgb24)
        #expect(Array(frame.pixels[((3 * 12) + 3) * 3..<((3 * 12) + 3) * 3 + 3]) == [0x10, 0x20, 0x30])
        style.foreground = RGBColor(red: 0, green: 0, blue: 0)
        let eight = try SymbolRenderer.png(matrix, style: style, bitDepth: .eight)
        #expect(eight[24] == 8 && eight[25] == 0)  // 8-bit greyscale
        #expect(
            try ImageReader.read(data: eight, name: "eight.png").luminance()
                == SymbolRenderer.luminance(matrix, style: style))
    }

    @Test func svgAndText() {
        var style = SymbolStyle()
        style.scale = 5
        let svg = SymbolRenderer.svg(matrix, style: style)
        #expect(svg.contains("width=\"20\" height=\"20\" viewBox=\"0 0 4 4\""))
        #expect(svg.contains("d=\"M1 1h1v1h-1zM2 2h1v1h-1z\""))
        #expect(SymbolRenderer.text(matrix, style: style) == " ▄  \n  ▀ \n")
        #expect(SymbolRenderer.text(matrix, style: style, ansi: true).hasPrefix("\u{1B}[30;107m ▄  \u{1B}[0m\n"))
        #expect(RGBColor(hex: "#1A237e") == RGBColor(red: 0x1A, green: 0x23, blue: 0x7E))
        #expect(RGBColor(hex: "12345") == nil && RGBColor(hex: "zzzzzz") == nil)
    }
}
