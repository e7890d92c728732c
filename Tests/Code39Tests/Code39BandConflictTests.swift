import ScanCore
import ScanTestSupport
import Testing

@testable import Code39

/// One Code 39 symbol whose lines read two values: a cut or a scratch across some of its bars makes a
/// band of lines read another character, and Code 39 has no check character to tell. The values are
/// rivals because the bars run on from one band into the other; two symbols stacked with a gap are not.
struct Code39BandConflictTests {
    /// Bands of bars, top to bottom: each `(text, rows)` drawn with 3 px modules, or light rows for a nil
    /// text; 10 light rows above and below.
    func stacked(_ bands: [(String?, Int)]) -> LuminanceImage {
        var renderer = BarRenderer(module: 3)
        renderer.margin = 0
        let width = renderer.render(Code39TestEncoder.widths("VE12")).width
        var pixels = [UInt8](repeating: 230, count: width * 10)
        for (text, rows) in bands {
            guard let text else {
                pixels += [UInt8](repeating: 230, count: width * rows)
                continue
            }
            renderer.barHeight = rows
            let band = renderer.render(Code39TestEncoder.widths(text))
            #expect(band.width == width)
            for y in 0..<rows { for x in 0..<width { pixels.append(band[x, y]) } }
        }
        pixels += [UInt8](repeating: 230, count: width * 10)
        return LuminanceImage(width: width, height: pixels.count / width, pixels: pixels)
    }

    func values(_ image: LuminanceImage) -> [String] {
        Code39Decoder().decode(FrameContext(image: image), options: DecodeOptions()).compactMap(\.rawValue)
    }

    @Test func aBandReadOnClearlyFewerLinesLoses() {
        // "VE12" and "ZE12" differ in their first character only.
        #expect(values(stacked([("VE12", 20), ("ZE12", 60)])) == ["ZE12"])
        #expect(values(stacked([("VE12", 60), ("ZE12", 20)])) == ["VE12"])
    }

    @Test func bandsWithoutAClearMajorityGiveNothing() {
        #expect(values(stacked([("VE12", 40), ("ZE12", 40)])).isEmpty)
    }

    @Test func symbolsStackedWithAGapAreTwo() {
        #expect(values(stacked([("VE12", 30), (nil, 16), ("ZE12", 30)])) == ["VE12", "ZE12"])
    }
}
