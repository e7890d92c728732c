import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// ``DMDetector/isStriped(_:size:transform:)``: the module grids of real symbols, with the most regular payloads,
/// the smallest sizes, several data regions and a DMRE size, are no stripes; grids of bars (every row
/// alike, or every column) are.
struct DMStripesTests {
    /// The module grid of a zint symbol drawn without quiet zone at 2 pixels a module (`--vers` picks
    /// its size), read at the module centres.
    func grid(_ text: String, version: Int) throws -> (BitMatrix, DMSymbolSize) {
        let arguments = ["--vers=\(version)"] + (version > 30 ? ["--dmre"] : [])
        let symbol = try Zint("DATAMATRIX", quietZones: false).render(text, arguments, scale: 1)
        let rows = symbol.height / 2, columns = symbol.width / 2
        let size = try #require(DMSymbolSize.find(rows: rows, columns: columns))
        var grid = BitMatrix(width: columns, height: rows)
        for r in 0..<rows {
            for c in 0..<columns { grid[c, r] = symbol[2 * c + 1, 2 * r + 1] < 128 }
        }
        return (grid, size)
    }

    /// 10 × 10, 14 × 14, 8 × 18, 20 × 20, 24 × 24, 32 × 32 (four data regions) and a DMRE size.
    @Test(
        .enabled(if: Zint.available),
        arguments: [
            ("A", 1), ("0000000000", 3), ("AAAA", 25), (String(repeating: "A", count: 16), 6),
            (String(repeating: "0", count: 40), 8), (String(repeating: "A", count: 50), 10),
            (String(repeating: "B", count: 20), 35),
        ])
    func realSymbolsAreNoStripes(_ text: String, _ version: Int) throws {
        let (grid, size) = try grid(text, version: version)
        // The symbol itself reads: the grid is what the decoder would sample.
        let (content, _) = try #require(DataMatrixDecoder.decode(grid: grid, size: size))
        #expect(content.text == text)
        // Read from its drawing (2 pixels a module) through the grid's transform.
        #expect(!isStriped(grid, size))
    }

    /// ``DMDetector/isStriped(_:size:transform:)`` of `grid` drawn at 2 pixels a module.
    func isStriped(_ grid: BitMatrix, _ size: DMSymbolSize) -> Bool {
        DMDetector.isStriped(drawn(grid), size: size, transform: Self.transform(size))
    }

    /// `grid` drawn at 2 pixels a module.
    func drawn(_ grid: BitMatrix) -> BitMatrix {
        var out = BitMatrix(width: 2 * grid.width, height: 2 * grid.height)
        for y in 0..<out.height {
            for x in 0..<out.width { out[x, y] = grid[x / 2, y / 2] }
        }
        return out
    }

    /// The module grid of `size` onto its drawing at 2 pixels a module, moved by (`dx`, 0).
    static func transform(_ size: DMSymbolSize, dx: Double = 0) -> PerspectiveTransform {
        let w = 2 * Double(size.columns), h = 2 * Double(size.rows)
        return DMDetector.transform(
            size, tl: Point(dx, 0), tr: Point(w + dx, 0), br: Point(w + dx, h), bl: Point(dx, h))
    }

    @Test func dataPairsCountEachRegionOnItsOwn() throws {
        let square20 = try #require(DMSymbolSize.find(rows: 20, columns: 20))  // one 18 × 18 region
        let square32 = try #require(DMSymbolSize.find(rows: 32, columns: 32))  // four 14 × 14 regions
        #expect(DMDetector.dataPairs(square20) == (inRows: 306, inColumns: 306))
        #expect(DMDetector.dataPairs(square32) == (inRows: 728, inColumns: 728))
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
        #expect(isStriped(bars, size))
        #expect(isStriped(transposed, size))
        // A grid whose last column's centres lie more than 1.5 pixels right of the drawing is not sampled.
        #expect(!DMDetector.isStriped(drawn(bars), size: size, transform: Self.transform(size, dx: 3)))
        // The one data region is rows and columns 1…18: 18 × 17 = 306 pairs in the columns. Column 5
        // flipped on every odd row leaves 289 of them alike (94 %): stripes; column 12 too, 272 (89 %): not.
        var broken = bars
        for r in stride(from: 1, to: 20, by: 2) { broken[5, r] = !broken[5, r] }
        #expect(isStriped(broken, size))
        for r in stride(from: 1, to: 20, by: 2) { broken[12, r] = !broken[12, r] }
        #expect(!isStriped(broken, size))
    }
}
