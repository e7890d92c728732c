import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

/// An Aztec symbol seen from close up in a video frame: modules larger than a candidate block, which only
/// the registry's coarse-only downscaled passes see (``DecodePass/coarseOnly``).
@Suite(.enabled(if: Zint.available))
struct AztecCloseUpTests {
    /// A compact symbol of 19 × 19 modules at 26 and 32 pixels a module (494 and 608 px) in a
    /// 1280 × 720 frame.
    @Test(arguments: [13.0, 16.0])
    func closeUpInAVideoFrame(zintScale: Double) throws {
        let symbol = try Zint.aztec.render("CLOSE-UP-AZTEC", ["--vers=2"], scale: zintScale)
        #expect(symbol.width == Int(2 * zintScale) * 19)
        let (image, _) = CloseUpFrame.make(symbol, origin: (600, (720 - symbol.height) / 2))
        let registry = DecoderRegistry([AztecDecoder()])
        #expect(
            registry.decode(FrameContext(image: image), options: DecodeOptions()).map(\.rawValue) == ["CLOSE-UP-AZTEC"])
    }
}
