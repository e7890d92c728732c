import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// A frame with more Data Matrix symbols than the limit on candidates that read nothing: every symbol
/// read counts for nothing against that limit, so one pass over the binarized frame reads them all.
@Suite(.enabled(if: Zint.available))
struct DMManySymbolsTests {
    @Test func hundredSymbolsInOnePass() throws {
        let texts = (0..<100).map { "DM-\($0 < 10 ? "0" : "")\($0)" }
        let symbols = try texts.map { try Zint.dataMatrix.render($0, ["--vers=3"], scale: 3) }  // 14×14
        let cell = symbols.map { max($0.width, $0.height) }.max()! + 6
        let side = 10 * cell
        var pixels = [UInt8](repeating: 255, count: side * side)
        for (k, s) in symbols.enumerated() {
            let x0 = (k % 10) * cell, y0 = (k / 10) * cell
            for y in 0..<s.height { for x in 0..<s.width { pixels[(y0 + y) * side + x0 + x] = s[x, y] } }
        }
        let frame = FrameContext(image: LuminanceImage(width: side, height: side, pixels: pixels))
        let read = DataMatrixDecoder().decode(frame.binarized(.local), image: frame.image, options: DecodeOptions())
        #expect(read.count == 100)
        #expect(Set(read.map(\.rawValue)) == Set(texts))
    }
}
