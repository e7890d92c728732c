import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// Symbols on curved labels: the finder's solid edges are bowed, so they do not lie along the chord
/// between the corners of the symbol's hull.
@Suite(.enabled(if: Zint.available))
struct DMCurvedSymbolTests {
    func decode(_ image: LuminanceImage) -> [Barcode] {
        DecoderRegistry([DataMatrixDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
    }

    /// Left finder edge bowed inwards by about one module (2.5 % of its length, more than the strict
    /// pass's reach): read through the finder check's tolerance pass.
    @Test(arguments: [4.0, -4.0]) func bowedFinderEdge(amplitude: Double) throws {
        let text = "curved label 0123456789 ABCDEFGHIJ"
        let image = try Zint.dataMatrix.render(text, ["--vers=12"], scale: 4)  // 40×40, 2×2 data regions
        let bowed = image.dmBowed(amplitude: amplitude)
        let b = try #require(decode(bowed).first)
        #expect(b.rawValue == text)
        #expect(b.metadata["size"] == "40x40")
    }

    /// Both finder edges bowed (the page bent along a diagonal).
    @Test func bowedBothEdges() throws {
        let text = "bent page"
        let image = try Zint.dataMatrix.render(text, ["--vers=6"], scale: 6)  // 20×20
        let bowed = image.dmBowed(amplitude: 4).dmTransposed().dmBowed(amplitude: 4).dmTransposed()
        let b = try #require(decode(bowed).first)
        #expect(b.rawValue == text)
    }
}

extension LuminanceImage {
    /// Each row shifted right by `amplitude · sin(π · y / height)` pixels (bilinear along the row), on a
    /// page widened by the amplitude: vertical edges bow, the top and bottom rows stay put.
    func dmBowed(amplitude: Double) -> LuminanceImage {
        let pad = Int(abs(amplitude).rounded(.up)) + 1
        let w = width + 2 * pad
        var out = [UInt8](repeating: 255, count: w * height)
        for y in 0..<height {
            let shift = amplitude * sin(Double.pi * (Double(y) + 0.5) / Double(height))
            for x in 0..<w {
                let sx = Double(x - pad) - shift
                let x0 = Int(sx.rounded(.down))
                let f = sx - Double(x0)
                func at(_ i: Int) -> Double { i >= 0 && i < width ? Double(self[i, y]) : 255 }
                out[y * w + x] = UInt8(min(255, max(0, (at(x0) * (1 - f) + at(x0 + 1) * f).rounded())))
            }
        }
        return LuminanceImage(width: w, height: height, pixels: out)
    }

    /// Rows and columns swapped.
    func dmTransposed() -> LuminanceImage {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[x * height + y] = self[x, y] } }
        return LuminanceImage(width: height, height: width, pixels: out)
    }
}
