import Testing

@testable import ScanCore

/// ``ThreeBarDecoder`` declaring the fewest elements of its symbols (``LinearRowDecoder/minimumElements``).
private struct DeclaredThreeBarDecoder: LinearRowDecoder {
    var minimumElements: Int
    func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        ThreeBarDecoder().decodeRow(line, options: options)
    }
}

@Suite("LinearScanner: lines too short for a symbol")
struct LinearScannerShortLinesTests {
    /// The three-bar symbol on a 200 × 100 frame: read while its decoder's shortest symbol fits the rows,
    /// and not read when no line of the frame (rows 200 px, columns 100 px, slanted lines at most the
    /// diagonal, 224 px) is that long, since no line is then read at all.
    @Test func linesShorterThanTheShortestSymbolAreNotRead() {
        let image = threeBarImage(rows: 20..<80)
        var options = wholeFrameOptions()
        options.tryRotate = true
        let fits = LinearScanner.scan(
            FrameContext(image: image), options: options, decoder: DeclaredThreeBarDecoder(minimumElements: 5))
        #expect(fits.map(\.text) == ["113"])
        let tooLong = LinearScanner.scan(
            FrameContext(image: image), options: options, decoder: DeclaredThreeBarDecoder(minimumElements: 225))
        #expect(tooLong.isEmpty)
    }

    /// The same symbol's lines hold 7 runs (light, the three bars and two spaces, light): a decoder whose
    /// shortest symbol has 6 elements is not handed them, however long the lines are.
    @Test func linesWithFewerRunsThanTheShortestSymbolAreNotRead() {
        let image = threeBarImage(rows: 20..<80)
        let options = wholeFrameOptions()
        let fits = LinearScanner.scan(
            FrameContext(image: image), options: options, decoder: DeclaredThreeBarDecoder(minimumElements: 5))
        #expect(fits.map(\.text) == ["113"])
        let tooMany = LinearScanner.scan(
            FrameContext(image: image), options: options, decoder: DeclaredThreeBarDecoder(minimumElements: 6))
        #expect(tooMany.isEmpty)
    }
}
