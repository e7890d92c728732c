import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// Labels photographed at a slant with some roll, or sheared: the symbol's two families of module edges
/// are 40° to 55° apart instead of 90°, so the frame's candidate map must still take its blocks for a
/// matrix symbol's (``CandidateMap/skewedGridRatio``); before, none of these had a matrix block.
@Suite(.enabled(if: Zint.available))
struct DMSlantedGridTests {
    /// Symbol corners (top-left, top-right, bottom-right, bottom-left of the rendered symbol, which has
    /// no quiet zone of its own) and the canvas: a parallelogram sheared by 40° (its sides 50° apart), and
    /// a symbol at 48° of tilt with roll, whose corner angles look like 55° and 125°, in two rotations.
    static let quads: [([Point], Int, Int)] = [
        ([Point(20, 20), Point(161.8, 20), Point(280, 161.8), Point(138.2, 161.8)], 300, 182),
        ([Point(177.8, 212.1), Point(20, 280), Point(62.6, 135.7), Point(216.4, 20)], 237, 300),
        ([Point(216.4, 20), Point(177.8, 212.1), Point(20, 280), Point(62.6, 135.7)], 237, 300),
    ]

    @Test(arguments: 0..<3, ["TUBE-862629", "https://ex.io/5hrmhc76ic-long-text-here"])
    func slantedSymbolReads(quad: Int, text: String) throws {
        let (corners, width, height) = Self.quads[quad]
        let symbol = try Zint.dataMatrix.render(text, [], scale: 3)
        let image = symbol.warped(onto: corners, width: width, height: height)
        #expect(CandidateMap.compute(image).matrixCount > 0, "quad \(quad)")
        let read = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(read.map(\.rawValue) == [text], "quad \(quad)")
    }
}
