import ScanCore
import ScanTestSupport
import Testing

@testable import Code93

/// Modules of 1.3 px, edges drawn grey (anti-aliased) under a little noise: the characters are matched on
/// the line's sub-pixel run widths (``ScanLine/exactWidths``). Rounded to whole pixels, one- and
/// two-module elements (1–2 and 2–3 px) overlap, and the symbol read nothing.
struct Code93SubpixelTests {
    @Test(arguments: [0, 0.5])
    func readsModulesOfUnderOneAndAHalfPixels(blur: Double) throws {
        let value = "SUBPIXEL-93"
        let image = BarRenderer.fine(module: 1.3, blur: blur).render(Code93TestEncoder.widths(value))
        let codes = Code93Decoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == [value])
    }
}
