import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

/// A checkerboard passes the bull's-eye's ring-spacing tests along the row and the column around every
/// square; the squares diagonal to a dark one are dark where a bull's-eye's light ring is
/// (`AztecDetector.innerRingCornersAreLight(_:_:alongRow:alongColumn:atLeast:)`). A camera aimed at one (a calibration target, tiles) spent
/// 250 ms a 1280 × 720 frame in the centre search before that test.
struct AztecCheckerboardTests {
    /// Squares of `side` pixels, the top-left one dark.
    static func checkerboard(width: Int, height: Int, side: Int) -> BitMatrix {
        var m = BitMatrix(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where (x / side + y / side) % 2 == 0 { m[x, y] = true }
        }
        return m
    }

    @Test(arguments: [4, 8, 13]) func noSquareOfACheckerboardIsABullsEye(side: Int) {
        let m = Self.checkerboard(width: 20 * side, height: 20 * side, side: side)
        let u = Double(side)
        for by in 2..<18 {
            for bx in 2..<18 where (bx + by) % 2 == 0 {
                let centre = Point((Double(bx) + 0.5) * u, (Double(by) + 0.5) * u)
                // Not even two diagonals, the scan row's weaker test.
                #expect(!AztecDetector.innerRingCornersAreLight(m, centre, alongRow: u, alongColumn: u, atLeast: 2))
            }
        }
        #expect(AztecDetector.centres(m, rowStep: 1).isEmpty)
    }

    /// A symbol turned by any angle, and one whose dark modules spread by a pixel (the light ring a third
    /// narrower at 3 px modules), still shows its light ring on the diagonals and reads.
    @Test(.enabled(if: Zint.available), arguments: [0.0, 15, 30, 45, 60, 80])
    func turnedSymbolsKeepTheirRingCorners(degrees: Double) throws {
        let text = "Aztec at an angle"
        let image = try Zint.aztec.render(text, scale: 3).padded(20).rotated(by: degrees, canvas: .fitted(margin: 10))
        var fast = DecodeOptions()
        fast.tryHarder = false  // every other row scanned: a row may pass half a module off the centre
        for variant in [image, Self.inkSpread(image)] {
            for options in [DecodeOptions(), fast] {
                let read = AztecDecoder().decode(FrameContext(image: variant), options: options)
                #expect(read.map(\.rawValue) == [text], "turned \(degrees)°, try-harder \(options.tryHarder)")
            }
        }
    }

    /// Every pixel the darkest of its 3 × 3 neighbourhood: dark modules one pixel wider on every side.
    static func inkSpread(_ image: LuminanceImage) -> LuminanceImage {
        var out = [UInt8](repeating: 255, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var v: UInt8 = 255
                for dy in -1...1 {
                    for dx in -1...1 {
                        let xx = min(max(x + dx, 0), image.width - 1), yy = min(max(y + dy, 0), image.height - 1)
                        v = min(v, image[xx, yy])
                    }
                }
                out[y * image.width + x] = v
            }
        }
        return LuminanceImage(width: image.width, height: image.height, pixels: out)
    }
}
