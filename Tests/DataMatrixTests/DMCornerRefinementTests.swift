import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// ``DMDetector/refineCorners(_:_:)``: corners placed about half a module off move back until every
/// finder and timing module is sampled as expected, and the refined grid reads the exact value.
@Suite(.enabled(if: Zint.available))
struct DMCornerRefinementTests {
    @Test func cornersOffByHalfAModuleComeBack() throws {
        let text = "corner refinement"
        // 20×20 modules, no quiet zone, pasted at (24, 24) on a white page.
        let symbol = try Zint("DATAMATRIX", quietZones: false).render(text, ["--vers=6"], scale: 2)
        #expect(symbol.width == symbol.height && symbol.width % 20 == 0)
        let m = Double(symbol.width) / 20  // pixels per module
        let page = LuminanceImage.page(
            width: symbol.width + 48, height: symbol.height + 48, [(symbol, 24, 24)])
        let matrix = FrameContext(image: page).binarized(.local)
        let size = try #require(DMSymbolSize.find(rows: 20, columns: 20))
        let e = 24 + 20 * m
        let truth = [Point(24, 24), Point(e, 24), Point(e, e), Point(24, e)]
        // Each corner about half a module off, in different directions.
        let off = [
            Point(24 + 0.5 * m, 24 - 0.4 * m), Point(e - 0.5 * m, 24 + 0.5 * m), Point(e + 0.5 * m, e - 0.4 * m),
            Point(24 - 0.5 * m, e + 0.5 * m),
        ]
        let start = DMDetection(
            size: size, transform: DMDetector.transform(size, tl: off[0], tr: off[1], br: off[2], bl: off[3]),
            isMirrored: false,
            score: DMDetector.score(
                matrix, size, DMDetector.transform(size, tl: off[0], tr: off[1], br: off[2], bl: off[3])))
        let refined = DMDetector.refineCorners(matrix, start)
        #expect(start.score < 1)
        // Every finder and timing module sampled as expected (the score cannot tell corner positions
        // apart while all sample points stay inside their modules, so corners are checked loosely).
        #expect(refined.score == 1)
        let corners = [Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20)].map(refined.transform.apply)
        for (p, t) in zip(corners, truth) { #expect(p.distance(to: t) <= 0.75 * m, "\(p) vs \(t)") }
        let grid = try #require(
            GridSampler.sample(matrix, columns: 20, rows: 20, transform: refined.transform))
        let (content, _) = try #require(DataMatrixDecoder.decode(grid: grid, size: size))
        #expect(content.text == text)
    }
}
