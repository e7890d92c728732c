import ScanCore
import ScanTestSupport
import Testing

@testable import Code128

/// Modules of a fractional number of pixels, edges drawn grey (anti-aliased), as a camera or a scaled
/// rendering gives them: the character reader measures the edge distances from the line's sub-pixel
/// run widths (``ScanLine/exactWidths``). Rounded to whole pixels, this symbol reads nothing at 1.6 and
/// 1.85 px per module, and drawn turned at 1.7 px (seed 72 of `scanstress`, symbol 2379) four of its
/// characters fell nearer other characters' edge distances and, changed together, passed the check
/// character (zxing-cpp reads that wrong value too).
struct Code128SubpixelTests {
    typealias E = Code128TestEncoder

    @Test(arguments: [1.705, 1.6, 1.85])
    func setCDigitsAtUnderTwoPixelsPerModule(module: Double) throws {
        let digits = "39919507967216453208"
        var renderer = BarRenderer(module: module)
        renderer.quietZone = 10
        let image = renderer.render(E.modules([105] + E.c(digits)).map(Double.init))
        let codes = Code128Decoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == [digits])
    }
}
