import ScanCore
import Testing

@testable import QRCode

/// A dense scene from our own encoder: 48 QR Codes on a grid (a rack or a tray of labels) photographed at
/// a tilt. Every symbol must read, with its value, and with its corners within 2 pixels of where the
/// perspective put them.
struct QRDenseSceneTests {
    static let columns = 8, rows = 6
    /// Pixels per module on the flat grid, and the grid's pitch in modules (21 + quiet zone and gap).
    static let module = 5.0, pitch = 30

    /// The value of the symbol in row `r`, column `c`.
    static func value(_ r: Int, _ c: Int) -> String { "TUBE-\(r)\(c)-\(1000 + 37 * (r * columns + c))" }

    /// The flat grid (white paper, one version-1 symbol per cell) and each symbol's outer corners on it.
    static func flatScene() throws -> (image: LuminanceImage, corners: [String: [Point]]) {
        let width = columns * pitch * Int(module), height = rows * pitch * Int(module)
        var pixels = [UInt8](repeating: 235, count: width * height)
        var corners: [String: [Point]] = [:]
        var options = EncodeOptions()
        options.errorCorrectionLevel = "M"
        for r in 0..<rows {
            for c in 0..<columns {
                let text = value(r, c)
                let symbol = try #require(
                    try QRCodeEncoder().encode(.text(text), format: .qrcode, options: options).first)
                let m = symbol.modules
                let x0 = Double(c * pitch + (pitch - m.width) / 2) * module
                let y0 = Double(r * pitch + (pitch - m.height) / 2) * module
                for y in 0..<Int(Double(m.height) * module) {
                    for x in 0..<Int(Double(m.width) * module) where m[Int(Double(x) / module), Int(Double(y) / module)]
                    {
                        pixels[(Int(y0) + y) * width + Int(x0) + x] = 25
                    }
                }
                let w = Double(m.width) * module, h = Double(m.height) * module
                corners[text] = [Point(x0, y0), Point(x0 + w, y0), Point(x0 + w, y0 + h), Point(x0, y0 + h)]
            }
        }
        return (LuminanceImage(width: width, height: height, pixels: pixels), corners)
    }

    /// `flat` seen at a tilt: the top edge foreshortened to `top` of the bottom edge's length and moved
    /// down, the sides converging, as a camera above and in front of the grid sees it; bilinear resampling
    /// (a little blur), grey outside.
    static func photographed(_ flat: LuminanceImage, top: Double) -> (image: LuminanceImage, warp: PerspectiveTransform)
    {
        let w = Double(flat.width), h = Double(flat.height)
        let flatCorners = (Point(0, 0), Point(w, 0), Point(w, h), Point(0, h))
        let inset = (1 - top) / 2
        let seen = (
            Point((inset + 0.02) * w, 0.1 * h), Point((1 - inset + 0.02) * w, 0.06 * h), Point(w, h), Point(0, 0.97 * h)
        )
        let warp = PerspectiveTransform(from: flatCorners, to: seen)
        let back = PerspectiveTransform(from: seen, to: flatCorners)
        var out = [UInt8](repeating: 128, count: flat.width * flat.height)
        for y in 0..<flat.height {
            for x in 0..<flat.width {
                let p = back.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let fx = p.x - 0.5, fy = p.y - 0.5
                guard fx >= 0, fy >= 0, fx < w - 1, fy < h - 1 else { continue }
                let ix = Int(fx), iy = Int(fy)
                let ax = fx - Double(ix), ay = fy - Double(iy)
                let top = Double(flat[ix, iy]) * (1 - ax) + Double(flat[ix + 1, iy]) * ax
                let bottom = Double(flat[ix, iy + 1]) * (1 - ax) + Double(flat[ix + 1, iy + 1]) * ax
                out[y * flat.width + x] = UInt8((top * (1 - ay) + bottom * ay).rounded())
            }
        }
        return (LuminanceImage(width: flat.width, height: flat.height, pixels: out), warp)
    }

    /// The top edge at 76 % of the bottom's (the rows' modules shrink from 5 to about 3.6 pixels across,
    /// and the grid's far corner of each symbol moves off its affine place by up to 3 pixels).
    @Test func fortyEightSymbolsUnderPerspectiveReadExactly() throws {
        let (flat, flatCorners) = try Self.flatScene()
        let (image, warp) = Self.photographed(flat, top: 0.76)
        let found = DecoderRegistry([QRCodeDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
        let values = found.compactMap(\.rawValue)
        #expect(values.count == 48)
        #expect(Set(values) == Set(flatCorners.keys))
        for b in found {
            let value = try #require(b.rawValue)
            let expected = try #require(flatCorners[value]).map(warp.apply)
            #expect(b.cornerPoints.count == 4)
            for (got, want) in zip(b.cornerPoints, expected) {
                #expect(got.distance(to: want) <= 2, "\(value): corner \(got) is not within 2 px of \(want)")
            }
        }
    }
}
