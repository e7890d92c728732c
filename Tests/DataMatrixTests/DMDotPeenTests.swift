import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// Dot-peen symbols: every dark module a round dot that does not touch its neighbours (direct part
/// marking), so no component holds the whole finder.
struct DMDotPeenTests {
    func decode(_ image: LuminanceImage) -> [Barcode] {
        DecoderRegistry([DataMatrixDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
    }

    /// Expects the first symbol read in `image` to hold `text` in a symbol of `size` (rows × columns).
    func expectRead(
        _ image: LuminanceImage, _ text: String, size: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let b = try #require(decode(image).first, sourceLocation: sourceLocation)
        #expect(b.rawValue == text, sourceLocation: sourceLocation)
        #expect(b.metadata["size"] == size, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: Zint.available)) func squareSymbolOfSeparateDots() throws {
        let text = "DOT PEEN 0123456789"
        let modules = try Zint.dataMatrix.modules(text, ["--square"])
        // 8-pixel pitch, 5.5-pixel dots: 2.5 pixels of paper between neighbours.
        let image = LuminanceImage.dmDots(modules, pitch: 8, diameter: 5.5)
        try expectRead(image, text, size: "18x18")
    }

    @Test(.enabled(if: Zint.available)) func rotatedSymbolOfSmallDots() throws {
        let text = "Serial 4711-0815, lot 2026-11-29, part AB-1234567890"
        let modules = try Zint.dataMatrix.modules(text, ["--square"])
        // 7-pixel pitch, 4.5-pixel dots (diagonal neighbours 5 pixels apart), turned by 20 degrees.
        let image = LuminanceImage.dmDots(modules, pitch: 7, diameter: 4.5).rotated(
            by: -20, canvas: .square(factor: 1.5))
        try expectRead(image, text, size: "26x26")
    }

    @Test(.enabled(if: Zint.available)) func rectangularSymbolOfDots() throws {
        let text = "RECT DOTS 12x26"
        let modules = try Zint.dataMatrix.modules(text, ["--vers=27"])  // 12×26
        let image = LuminanceImage.dmDots(modules, pitch: 9, diameter: 6)
        try expectRead(image, text, size: "12x26")
    }

    /// Square modules printed smaller than their cells (1.5 pixels of paper between neighbours at a
    /// 5-pixel pitch) on a curved label (the left edge bowed by 2 pixels).
    @Test(.enabled(if: Zint.available)) func gappedModulesOnACurvedLabel() throws {
        let text = "GAPS BETWEEN MODULES 0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let modules = try Zint.dataMatrix.modules(text, ["--vers=12"])  // 40×40, 2×2 data regions
        let image = LuminanceImage.dmDots(modules, pitch: 5, diameter: 3.5, square: true).dmBowed(amplitude: 2)
        try expectRead(image, text, size: "40x40")
    }

    @Test func censusOfALatticeOfDots() {
        // 10 × 8 dots of side 5 at a 7-pixel pitch, and three scattered specks of other sizes.
        var dots: [(x: Double, y: Double, side: Int)] = []
        for j in 0..<8 { for i in 0..<10 { dots.append((Double(20 + 7 * i), Double(30 + 7 * j), 5)) } }
        dots += [(400, 400, 8), (600, 100, 9), (50, 500, 4)]
        let census = DMDotCensus(dots: dots)
        #expect(census.side == 5)
        #expect(census.pitch == 7)
        #expect(census.packed == 80)
        #expect(census.suggestsDotPeen)
        // Dots of diameter 5 at pitch 7: (7 − 3.5) / 2 rounded up, plus one; below 7 − 2.5 − 0.5.
        #expect(census.joiningRadius == 3)
    }

    @Test func scatteredSpecksAreNoSymbol() {
        // 60 specks of one size, each 40 pixels from the next: no neighbour within twice their side.
        var dots: [(x: Double, y: Double, side: Int)] = []
        for k in 0..<60 { dots.append((x: Double(40 * (k % 10)), y: Double(40 * (k / 10)), side: 5)) }
        let census = DMDotCensus(dots: dots)
        #expect(census.side == 5)
        #expect(census.packed == 0)
        #expect(!census.suggestsDotPeen)
    }

    @Test func dilationGrowsDarkPixelsBySquares() {
        var m = BitMatrix(width: 7, height: 5)
        m[1, 1] = true
        m[6, 4] = true
        let d = m.dmDilated(radius: 1)
        let rows = (0..<5).map { y in String((0..<7).map { d[$0, y] ? "#" : "." }) }
        #expect(rows == ["###....", "###....", "###....", ".....##", ".....##"])
    }
}

extension LuminanceImage {
    /// A dot-peen rendering of a module grid: each dark module a disc (or, with `square`, a square) of
    /// `diameter` pixels centred in its `pitch`-pixel cell, on light paper with a 3-module quiet zone;
    /// 4 × 4 supersampled (grey edges, as a camera sees them).
    static func dmDots(_ modules: [[Bool]], pitch: Double, diameter: Double, square: Bool = false) -> LuminanceImage {
        let rows = modules.count
        let columns = modules.first?.count ?? 0
        let quiet = 3.0
        let width = Int(((Double(columns) + 2 * quiet) * pitch).rounded(.up))
        let height = Int(((Double(rows) + 2 * quiet) * pitch).rounded(.up))
        let r2 = diameter * diameter / 4
        var pixels = [UInt8](repeating: 235, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var covered = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4
                        let py = Double(y) + (Double(sy) + 0.5) / 4
                        let col = Int((px / pitch - quiet).rounded(.down))
                        let row = Int((py / pitch - quiet).rounded(.down))
                        guard row >= 0, col >= 0, row < rows, col < columns, modules[row][col] else { continue }
                        let dx = px - (Double(col) + quiet + 0.5) * pitch
                        let dy = py - (Double(row) + quiet + 0.5) * pitch
                        let inside =
                            square
                            ? max(abs(dx), abs(dy)) <= diameter / 2 : dx * dx + dy * dy <= r2
                        if inside { covered += 1 }
                    }
                }
                pixels[y * width + x] = UInt8(235 - (235 - 40) * covered / 16)
            }
        }
        return LuminanceImage(width: width, height: height, pixels: pixels)
    }
}
