import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// ``DMDetector/isStriped(_:size:)``: the module grids of real symbols, with the most regular payloads
/// and the smallest sizes, are no stripes; grids of bars (every row alike, or every column) are.
@Suite(.enabled(if: Zint.available))
struct DMStripesTests {
    /// The module grid of a zint symbol drawn without quiet zone at 2 pixels a module (`--vers` picks
    /// its size), read at the module centres.
    func grid(_ text: String, version: Int) throws -> (BitMatrix, DMSymbolSize) {
        let symbol = try Zint("DATAMATRIX", quietZones: false).render(text, ["--vers=\(version)"], scale: 1)
        let rows = symbol.height / 2, columns = symbol.width / 2
        let size = try #require(DMSymbolSize.find(rows: rows, columns: columns))
        var grid = BitMatrix(width: columns, height: rows)
        for r in 0..<rows {
            for c in 0..<columns { grid[c, r] = symbol[2 * c + 1, 2 * r + 1] < 128 }
        }
        return (grid, size)
    }

    @Test(arguments: [
        ("A", 1), ("0000000000", 3), ("AAAA", 25), (String(repeating: "A", count: 16), 6),
        (String(repeating: "0", count: 40), 8),
    ])
    func realSymbolsAreNoStripes(_ text: String, _ version: Int) throws {
        let (grid, size) = try grid(text, version: version)
        // The symbol itself reads: the grid is what the decoder would sample.
        let (content, _) = try #require(DataMatrixDecoder.decode(grid: grid, size: size))
        #expect(content.text == text)
        #expect(!DMDetector.isStriped(grid, size: size))
    }

    @Test func barsAreStripesAlongEitherAxis() throws {
        let size = try #require(DMSymbolSize.find(rows: 20, columns: 20))
        // Bars of one to four modules, as a linear symbol's, down every row alike.
        let widths = [1, 2, 1, 3, 2, 1, 4, 1, 1, 2, 3, 1]
        var dark: [Bool] = []
        for (k, w) in widths.enumerated() { dark += Array(repeating: k % 2 == 0, count: w) }
        var bars = BitMatrix(width: 20, height: 20)
        var transposed = BitMatrix(width: 20, height: 20)
        for r in 0..<20 {
            for c in 0..<20 {
                bars[c, r] = dark[c]
                transposed[r, c] = dark[c]
            }
        }
        #expect(DMDetector.isStriped(bars, size: size))
        #expect(DMDetector.isStriped(transposed, size: size))
        // One bar in ten broken in every other row is still a grid of stripes (90 % alike), two are not.
        var broken = bars
        for r in stride(from: 1, to: 20, by: 2) { broken[5, r] = !broken[5, r] }
        #expect(DMDetector.isStriped(broken, size: size))
        for r in stride(from: 1, to: 20, by: 2) { broken[12, r] = !broken[12, r] }
        #expect(!DMDetector.isStriped(broken, size: size))
    }
}
