import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// A Data Matrix symbol seen from close up in a video frame: modules larger than a candidate block, which
/// only the registry's coarse-only downscaled passes see (``DecodePass/coarseOnly``).
@Suite(.enabled(if: Zint.available))
struct DMCloseUpTests {
    /// 16 × 16 modules at 32, 36 and 40 pixels a module (512–640 px) in a 1280 × 720 frame.
    @Test(arguments: [16.0, 18.0, 20.0])
    func closeUpInAVideoFrame(zintScale: Double) throws {
        let symbol = try Zint.dataMatrix.render("CLOSE-UP-DM", ["--vers=4"], scale: zintScale)
        #expect(symbol.width == Int(2 * zintScale) * 18)  // 16 modules and a 1-module quiet zone
        let (image, corners) = CloseUpFrame.make(symbol, origin: ((1280 - symbol.width) / 2, (720 - symbol.height) / 2))
        let registry = DecoderRegistry([DataMatrixDecoder()])
        let read = registry.decode(FrameContext(image: image), options: DecodeOptions())
        #expect(read.map(\.rawValue) == ["CLOSE-UP-DM"])
        #expect(CloseUpFrame.cornersMatch(read.first?.cornerPoints ?? [], corners))
    }
}
