import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import PDF417

/// Where the rows lie along the start and stop edges: the row fit against misread row indicators and
/// partly seen edges, rows one module high, a start pattern left on a few rows with no stop pattern.
struct PDF417RowFitTests {
    /// Observations (line position y along the edge, row) from lines every `spacing` over rows
    /// `first…last` of a symbol whose row r spans [y0 + r·h, y0 + (r+1)·h).
    static func observations(y0: Double, h: Double, rows: ClosedRange<Int>, spacing: Double) -> [(Double, Int)] {
        var out: [(Double, Int)] = []
        var y = y0 + Double(rows.lowerBound) * h + spacing / 2
        while y < y0 + Double(rows.upperBound + 1) * h {
            out.append((y, Int(((y - y0) / h).rounded(.down))))
            y += spacing
        }
        return out
    }

    @Test func misreadIndicatorsDoNotMoveTheRows() throws {
        // 61 rows over [0, 1]; a few indicators read with the right cluster but naming far rows.
        var obs = Self.observations(y0: 0, h: 1.0 / 61, rows: 0...60, spacing: 0.004)
        obs += [(0.084, 20), (0.100, 54), (0.117, 35), (0.285, 35), (0.519, 25), (0.7, 3), (0.9, 12)]
        let fit = try #require(RowFit(obs))
        #expect(abs(fit.y(atRow: 0) - 0) < 0.004)
        #expect(abs(fit.y(atRow: 61) - 1) < 0.004)
        #expect(fit.c == 0)
    }

    /// 61 rows; the start edge was found over the whole symbol (row r at fraction r / 61), the stop edge
    /// over its first 50 rows only (row r at fraction 1.215·r / 61). The lines at fraction y of both edges
    /// then cross rows, and each indicator, 8.5 % of the line in from its edge, names the row there.
    @Test func indicatorsOnLinesAcrossTheRowsPlaceTheRowsAtTheEdges() throws {
        let rows = 61.0, stretch = 1.215, along = 0.085
        var left: [(Double, Int, Double)] = [], right: [(Double, Int, Double)] = []
        for y in stride(from: -0.12, through: 1.12, by: 0.004) {
            let atStart = rows * y, atStop = rows * y / stretch
            let l = atStart + (atStop - atStart) * along, r = atStop + (atStart - atStop) * along
            if l >= 0 && l < rows { left.append((y, Int(l.rounded(.down)), along)) }
            if r >= 0 && r < rows { right.append((y, Int(r.rounded(.down)), along)) }
        }
        // Rows as fractions of each edge.
        let startRow = 1 / rows, stopRow = stretch / rows
        // Uncorrected, the stop edge's fit puts the symbol's end most of a row off.
        let uncorrected = try #require(RowFit(right.map { ($0.0, $0.1) }))
        #expect(abs(uncorrected.y(atRow: rows) - stretch) > 0.75 * stopRow)
        let uncorrectedStart = try #require(RowFit(left.map { ($0.0, $0.1) }))
        let (start, stop) = try #require(
            RowFit.alongRows(left: left, right: right, fitted: (uncorrectedStart, uncorrected)))
        #expect(abs(start.y(atRow: 0)) < 0.25 * startRow && abs(start.y(atRow: rows) - 1) < 0.25 * startRow)
        #expect(abs(stop.y(atRow: 0)) < 0.25 * stopRow && abs(stop.y(atRow: rows) - stretch) < 0.25 * stopRow)
        // Five rows a side are too few to correct by.
        #expect(
            RowFit.alongRows(
                left: left.filter { $0.1 < 5 }, right: right.filter { $0.1 < 5 },
                fitted: (uncorrectedStart, uncorrected)) == nil)
    }

    @Test func partlySeenEdgeExtrapolatesStraight() throws {
        // Rows 3…8 of 11 seen (the start pattern damaged above and below): the ends lie on a straight line.
        let h = 0.2
        let obs = Self.observations(y0: -0.6, h: h, rows: 3...8, spacing: 0.043)
        let fit = try #require(RowFit(obs))
        #expect(abs(fit.y(atRow: 0) - -0.6) < 0.05)
        #expect(abs(fit.y(atRow: 11) - 1.6) < 0.05)
    }

    @Test func perspectiveIsKeptWhenItFitsBetter() throws {
        // Row r starts at y = r / (40 + r/3): rows 0.025 high at one end, 0.011 at the other (a symbol
        // tilted away), 60 rows over [0, 1].
        func top(_ r: Double) -> Double { r / (40 + r / 3) }
        var obs: [(Double, Int)] = []
        var y = 0.001
        while y < 1 {
            obs.append((y, Int((40 * y / (1 - y / 3)).rounded(.down))))
            y += 0.002
        }
        let fit = try #require(RowFit(obs))
        #expect(fit.c != 0)
        #expect(abs(fit.y(atRow: 0) - top(0)) < 0.004)
        #expect(abs(fit.y(atRow: 60) - top(60)) < 0.004)
    }
}

@Suite(.enabled(if: Zint.available))
struct PDF417RowPlacementTests {
    func decode(_ image: LuminanceImage) -> [Barcode] {
        DecoderRegistry([PDF417Decoder()]).decode(FrameContext(image: image), options: DecodeOptions())
    }

    /// A white margin of `m` pixels around `image`.
    func framed(_ image: LuminanceImage, _ m: Int) -> LuminanceImage {
        .page(width: image.width + 2 * m, height: image.height + 2 * m, [(image, m, m)])
    }

    @Test(arguments: [(1.5, 1.5), (1.6, 1.4)])
    func rowsOneModuleHigh(scale: (Double, Double)) throws {
        // Rows as high as a module is wide (below the standard's minimum of three), 1.4–1.6 pixels.
        let text = "-ActiveBarcode-ABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890-"
        let symbol = try Zint.pdf417.render(
            text, ["--cols=4", "--secure=3", "--height=1", "--heightperrow"], scale: 0.5)
        let b = try #require(decode(framed(symbol.scaled(scale.0, scale.1), 6)).first)
        #expect(b.rawValue == text)
        #expect(b.errorCorrectionLevel == "3")
        #expect(b.metadata["columns"] == "4")
    }

    @Test(arguments: [(2, 5, 3, 5), (1, 3, 2, 3)])
    func startPatternOnAFewRowsAndNoStopPattern(kept: (Int, Int, Int, Int)) throws {
        // The start pattern erased on all rows but a middle band (from kept.0/kept.1 to kept.2/kept.3 of the
        // height), the stop pattern on all of them.
        let text = "Start pattern on a few rows, no stop pattern: the row indicators place the rest."
        let image = try Zint.pdf417.render(text, ["--cols=2", "--secure=3"], scale: 2)
        let x = 4  // pixels per module at zint scale 2
        var pixels = (0..<(image.width * image.height)).map { image[$0 % image.width, $0 / image.width] }
        let mid = image.height / 2
        let dark = (0..<image.width).filter { image[$0, mid] < 128 }
        let left = try #require(dark.first), right = try #require(dark.last)
        let inked = (0..<image.height).filter { y in (0..<image.width).contains { image[$0, y] < 128 } }
        let top = try #require(inked.first), height = try #require(inked.last) - top + 1
        for y in 0..<image.height {
            for px in (right - 18 * x + 1)...right { pixels[y * image.width + px] = 255 }
            if y < top + height * kept.0 / kept.1 || y >= top + height * kept.2 / kept.3 {
                for px in left..<(left + 17 * x) { pixels[y * image.width + px] = 255 }
            }
        }
        let damaged = LuminanceImage(width: image.width, height: image.height, pixels: pixels)
        let b = try #require(decode(damaged).first)
        #expect(b.rawValue == text)
        #expect(b.errorCorrectionLevel == "3")
        #expect(b.metadata["columns"] == "2")
    }

    @Test func startPatternAndLeftIndicatorsCutOff() throws {
        // The image begins one module before the first data column: no start pattern, no left row
        // indicator. The right indicators give rows, columns and level; the stop pattern aligns each row.
        let text = "Cut off on the left: read from the stop pattern and the right row indicators."
        let image = try Zint.pdf417.render(text, ["--cols=4", "--secure=4"], scale: 2)
        let x = 4  // pixels per module at zint scale 2
        let mid = image.height / 2
        let left = try #require((0..<image.width).first { image[$0, mid] < 128 })
        let cut = left + 33 * x
        let cropped = try image.cropped(x: cut, y: 0, width: image.width - cut, height: image.height)
        let b = try #require(decode(cropped).first)
        #expect(b.rawValue == text)
        #expect(b.errorCorrectionLevel == "4")
        #expect(b.metadata["columns"] == "4")
    }
}
