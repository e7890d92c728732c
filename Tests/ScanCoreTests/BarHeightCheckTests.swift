import Foundation
import Testing

@testable import ScanCore

/// ``BarHeightCheck`` beside the image border: lines beyond it are no evidence either way.
@Suite("BarHeightCheck")
struct BarHeightCheckTests {
    /// A 240 × 60 light frame with dark bars (widths 1–4 × 2 px, a fixed pseudo-random sequence) between
    /// x 20 and 220, slanted 45° from the vertical (a bar's x grows by a pixel per pixel down), over rows
    /// `rows` only.
    func frame(rows: Range<Int>) -> LuminanceImage {
        let w = 240, h = 60
        var px = [UInt8](repeating: 210, count: w * h)
        var edges: [Double] = [0]
        var seed: UInt32 = 7
        while edges.last! < 200 {
            seed = seed &* 1_103_515_245 &+ 12345
            edges.append(edges.last! + Double(1 + Int(seed >> 16) % 4) * 2)
        }
        let slant = tan(45 * Double.pi / 180)
        for y in rows {
            for x in 0..<w {
                // The pattern's coordinate of pixel (x, y), its bars leaning by `slant`.
                let t = Double(x) + 0.5 - 20 - slant * (Double(y) + 0.5)
                guard t >= 0, let k = edges.firstIndex(where: { $0 > t }) else { continue }
                if k < edges.count && (k - 1) % 2 == 0 { px[y * w + x] = 30 }
            }
        }
        return LuminanceImage(width: w, height: h, pixels: px)
    }

    /// A read along rows `y0` and `y1` (the pattern's first 180 px, 90 modules of 2 px), its corners
    /// following the bars' lean.
    func read(_ y0: Double, _ y1: Double) -> Barcode {
        let slant = tan(45 * Double.pi / 180)
        let x0 = 20 + slant * y0, x1 = 20 + slant * y1
        return Barcode(
            format: .itf, rawValue: "", rawBytes: [],
            cornerPoints: [Point(x0, y0), Point(x0 + 180, y0), Point(x1 + 180, y1), Point(x1, y1)],
            symbologyIdentifier: "]I0")
    }

    @Test func barsCutByTheImageBorderStand() {
        // Bars over rows 0–7 only: below them light, above them the image's border. The border pixels
        // repeated beyond it would be upright bars, which do not lean with the symbol's.
        let accepted = BarHeightCheck(minHeight: 6).accepts(read(2.5, 5.5), modules: 90, image: frame(rows: 0..<8))
        #expect(accepted)
    }

    @Test func barsAsShortInsideTheImageDoNot() {
        let check = BarHeightCheck(minHeight: 6)
        let short = check.accepts(read(28.5, 31.5), modules: 90, image: frame(rows: 26..<34))
        #expect(!short)
        // And bars high enough do.
        let tall = check.accepts(read(28.5, 31.5), modules: 90, image: frame(rows: 10..<50))
        #expect(tall)
    }
}
