import ScanCore
import ScanTestSupport
import Testing

@testable import Code39

/// Narrow elements of 1.45 px, wide ones twice that (the standard's smallest ratio, ISO/IEC 16388 §4.2),
/// edges drawn grey (anti-aliased) under a little noise: the reader tells narrow from wide on the line's
/// sub-pixel run widths (``ScanLine/exactWidths``). Rounded to whole pixels, narrow elements of 1 or 2 px
/// and wide ones of 2 or 3 px overlap, and the symbol read nothing.
struct Code39SubpixelTests {
    @Test(arguments: [0, 0.6])
    func readsNarrowElementsOfUnderOneAndAHalfPixels(blur: Double) throws {
        let value = "SUBPIXEL-39"
        let image = BarRenderer.fine(module: 1.45, blur: blur).render(Code39TestEncoder.widths(value, ratio: 2))
        let codes = Code39Decoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == [value])
    }
}
