import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// Labels on a tray photographed at a low angle: the far rows are foreshortened along the tilt by a
/// factor 2 to 3 (60°–70° of tilt), which ``DMDetector/foreshortenedFit(_:_:mirrored:aspect:)`` accepts.
@Suite(.enabled(if: Zint.available))
struct DMForeshortenedTests {
    /// 14 × 14 modules at 8 px, squeezed down to 2.7–3.2 px a module along the tilt, upright and turned
    /// 30°.
    @Test(arguments: [(0.4, 0.0), (0.34, 0.0), (0.4, 30.0)])
    func foreshortenedSymbolReads(squeeze: Double, degrees: Double) throws {
        let symbol = try Zint.dataMatrix.render("LOT-748491", ["--vers=4"], scale: 4)
        var image = symbol.padded(24).scaled(1, squeeze)
        if degrees != 0 { image = image.rotated(by: degrees, canvas: .fitted(margin: 20)) }
        let read = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(read.map(\.rawValue) == ["LOT-748491"])
    }
}
