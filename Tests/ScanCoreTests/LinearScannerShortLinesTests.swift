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
    /// The values the engine reads from the three-bar symbol on a 200 × 100 frame (rows 20–79) with a
    /// decoder declaring `minimumElements`.
    private func reads(minimumElements: Int, tryRotate: Bool) -> [String?] {
        var options = wholeFrameOptions()
        options.tryRotate = tryRotate
        return LinearScanner.scan(
            FrameContext(image: threeBarImage(rows: 20..<80)), options: options,
            decoder: DeclaredThreeBarDecoder(minimumElements: minimumElements)
        ).map(\.text)
    }

    /// Read while its decoder's shortest symbol fits the rows, and not read when no line of the frame
    /// (rows 200 px, columns 100 px, slanted lines at most the diagonal, 224 px) is that long, since no
    /// line is then read at all.
    @Test func linesShorterThanTheShortestSymbolAreNotRead() {
        #expect(reads(minimumElements: 5, tryRotate: true) == ["113"])
        #expect(reads(minimumElements: 225, tryRotate: true).isEmpty)
    }

    /// The symbol's lines hold 7 runs (light, the three bars and two spaces, light): a decoder whose
    /// shortest symbol has 6 elements is not handed them, however long the lines are.
    @Test func linesWithFewerRunsThanTheShortestSymbolAreNotRead() {
        #expect(reads(minimumElements: 5, tryRotate: false) == ["113"])
        #expect(reads(minimumElements: 6, tryRotate: false).isEmpty)
    }
}
