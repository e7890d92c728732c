import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

/// Labels on a tray photographed at a low angle: the far rows are foreshortened along the tilt by a
/// factor 2 to 3 (60°–70° of tilt). The bull's-eye's module size along a column may then be a third of
/// that along the row that found it, or three times it, and the inner ring's fill starts one module
/// right of the centre as the row measures it.
@Suite(.enabled(if: Zint.available))
struct AztecForeshortenedTests {
    /// A compact symbol at 8 px a module, squeezed to 2.8–3.6 px down or across, upright and turned
    /// 60°.
    @Test(arguments: [(1.0, 0.4, 0.0), (1.0, 0.35, 0.0), (1.0, 0.4, 60.0), (0.45, 1.0, 0.0), (0.4, 1.0, 0.0)])
    func foreshortenedSymbolReads(sx: Double, sy: Double, degrees: Double) throws {
        let symbol = try Zint.aztec.render("SN-942451", scale: 4)
        var image = symbol.padded(24).scaled(sx, sy)
        if degrees != 0 { image = image.rotated(by: degrees, canvas: .fitted(margin: 20)) }
        let read = AztecDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(read.map(\.rawValue) == ["SN-942451"])
    }
}
