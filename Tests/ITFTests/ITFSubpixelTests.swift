import ScanCore
import ScanTestSupport
import Testing

@testable import ITF

/// Narrow elements of 1.7 px, wide ones 2.5 times that, turned by 23° (so no scan family runs along the
/// symbol and every edge falls inside a pixel), under a little noise: bars and spaces are classified on
/// the line's sub-pixel run widths (``ScanLine/exactWidths``). Rounded to whole pixels, the symbol read
/// nothing.
struct ITFSubpixelTests {
    @Test(arguments: [1, 2] as [UInt64])
    func readsATurnedSymbolOfUnderTwoPixelsPerNarrowElement(seed: UInt64) throws {
        let digits = "0123456789012345"
        // The encoder's widths are in halves of a narrow element (wide: 2.5 narrow).
        let widths = ITFTestEncoder.widths(digits, narrow: 2, wide: 5).map { Double($0) / 2 }
        let upright = BarRenderer.fine(module: 1.7, seed: seed).render(widths)
        let image = upright.rotated(by: 23, canvas: .fitted(margin: 20), ground: 230)
        let codes = ITFDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == [digits])
    }
}
