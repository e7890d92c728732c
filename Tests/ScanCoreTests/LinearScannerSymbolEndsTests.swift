import Foundation
import Testing

@testable import ScanCore

/// A row decoder with no structure at all, the worst case for partial reads: every stretch of bars between
/// two light runs of at least `quietZone` pixels (inner spaces are narrower) is a symbol, reported as the
/// number of its bars ("41 bars"), when there are at least `minBars`.
private struct BarCountDecoder: LinearRowDecoder {
    var quietZone = 14
    /// Fewest bars of a read (ITF's default minimum of 6 digits has 19: start 2, pairs 15, stop 2).
    var minBars = 18

    func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        let r = line.runs
        var out: [LinearMatch] = []
        var i = 1
        while i < r.count {
            guard r[i - 1] >= quietZone else {
                i += 2
                continue
            }
            // Bars i, i + 2, … up to the next light run of quiet-zone width (or the line's end: no read).
            var j = i
            while j + 1 < r.count && r[j + 1] < quietZone { j += 2 }
            guard j + 1 < r.count else { break }
            let bars = (j - i) / 2 + 1
            if bars >= minBars {
                out.append(
                    LinearMatch(
                        format: "barcount", text: "\(bars) bars", symbologyIdentifier: "]X0",
                        start: line.runStarts[i], end: line.runStarts[j + 1]))
            }
            i = j + 2
        }
        return out
    }
}

/// Reads of tilted symbols must span the whole symbol: a line that leaves the bars through their top or
/// bottom edge sees fewer bars between light runs, which the engine must not report.
struct LinearScannerSymbolEndsTests {
    /// Element widths in modules (bar first) of a made-up symbol of 41 bars: widths 1–3 in a fixed mix.
    static let widths: [Double] = (0..<81).map { k in Double([1, 1, 2, 1, 3, 2, 1, 3, 1, 2, 2, 1][k % 12]) }

    /// The symbol drawn with `module` pixels per module and bars `height` pixels high, turned clockwise by
    /// `degrees` about the image centre, anti-aliased (4 × 4 samples a pixel), dark 30 on light 220.
    static func tiltedSymbol(degrees: Double, module: Double = 3, height: Double = 80) -> LuminanceImage {
        var edges: [Double] = [0]
        for w in widths { edges.append(edges[edges.count - 1] + w * module) }
        let length = edges[edges.count - 1]
        let size = Int(length + 2 * height + 80)
        let a = degrees * Double.pi / 180, c = cos(a), s = sin(a)
        let mid = Double(size) / 2
        // Bar or space at every 1/16 pixel along the symbol.
        var bar = [Bool](repeating: false, count: Int(length * 16) + 1)
        for k in stride(from: 0, to: widths.count, by: 2) {
            for q in Int(edges[k] * 16)..<Int(edges[k + 1] * 16) { bar[q] = true }
        }
        var px = [UInt8](repeating: 220, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                var dark = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - mid, dy = Double(y) + (Double(sy) + 0.5) / 4 - mid
                        // Symbol coordinates: u along the symbol from its first bar, v across from its middle.
                        let u = c * dx + s * dy + length / 2, v = -s * dx + c * dy
                        guard u >= 0, u < length, abs(v) < height / 2, bar[Int(u * 16)] else { continue }
                        dark += 1
                    }
                }
                px[y * size + x] = UInt8(220 - dark * 190 / 16)
            }
        }
        return LuminanceImage(width: size, height: size, pixels: px)
    }

    func scan(_ image: LuminanceImage) -> [Barcode] {
        var options = DecodeOptions()
        options.searchWholeFrame = true
        return LinearScanner.scan(FrameContext(image: image), options: options, decoder: BarCountDecoder())
    }

    @Test func uprightSymbolReadsWhole() {
        // Read in both directions (the made-up symbol reads the same backwards): one symbol.
        #expect(DecoderRegistry.removingDuplicates(scan(Self.tiltedSymbol(degrees: 0))).map(\.rawValue) == ["41 bars"])
    }

    /// Turned 20° (or 200°, 160°, 340°) with bars 80 px high and 243 px long: no row crosses the whole
    /// symbol (that needs bars 88 px high), every row through it leaves or enters through a long edge and
    /// sees fewer bars between light runs. Those reads are cut, and the slanted families read it whole.
    @Test(arguments: [20.0, 160.0, 200.0, 340.0])
    func tiltedSymbolReadsWholeOrNotAtAll(degrees: Double) {
        let found = scan(Self.tiltedSymbol(degrees: degrees))
        #expect(!found.isEmpty)
        #expect(Set(found.map(\.rawValue)) == ["41 bars"], "\(found.map(\.rawValue))")
    }

    /// The measurement itself, on one row of the 20° symbol that leaves the bars through the top edge.
    @Test func aReadEndingAtTheTopEdgeIsInconsistent() throws {
        let image = Self.tiltedSymbol(degrees: 20)
        let lines = LinearScanner.LineSet(.rows, width: image.width, height: image.height)
        let source = LinearScanner.LineSource.profile(image, hysteresisFraction: 0.07)
        var partial = 0, checked = 0
        for row in stride(from: 0, to: image.height, by: 5) {
            let hits = LinearScanner.readLine(
                source, lines: lines, index: row, options: DecodeOptions(),
                decoder: BarCountDecoder())
            for hit in hits where !hit.reversed {
                checked += 1
                if !LinearScanner.SymbolEnds.consistent(hit, lines: lines, source: source) { partial += 1 }
            }
        }
        // Every forward read on these rows is partial (none crosses the whole symbol), and each is caught.
        #expect(checked > 10)
        #expect(partial == checked)
    }
}
