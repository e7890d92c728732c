import Testing

@testable import ScanCore

/// A test row decoder: reads "a light run of ≥ 8, then dark 2, light 2, dark 6" as the symbol "K"
/// (asymmetric, so the reading direction matters). Start = the first dark run, end = after the last.
private struct AsymmetricBarsDecoder: LinearRowDecoder {
    func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        var out: [LinearMatch] = []
        let r = line.runs
        var i = 1
        while i + 2 < r.count {
            if r[i - 1] >= 8, r[i] == 2, r[i + 1] == 2, r[i + 2] == 6 {
                out.append(
                    LinearMatch(
                        format: BarcodeFormat("test"), text: "K", symbologyIdentifier: "]X0",
                        start: line.runStarts[i], end: line.runStarts[i + 3]))
            }
            i += 2
        }
        return out
    }
}

struct LinearScannerOrientationTests {
    /// 40×20 image; bars at x = 10..<12 and 14..<20 on rows 5..<15.
    func image() -> LuminanceImage {
        var px = [UInt8](repeating: 255, count: 40 * 20)
        for y in 5..<15 {
            for x in [10, 11, 14, 15, 16, 17, 18, 19] { px[y * 40 + x] = 0 }
        }
        return LuminanceImage(width: 40, height: 20, pixels: px)
    }

    func scan(_ img: LuminanceImage, rotate: Bool = true) -> [Barcode] {
        var options = DecodeOptions()
        options.tryRotate = rotate
        return LinearScanner.scan(FrameContext(image: img), options: options, decoder: AsymmetricBarsDecoder())
    }

    @Test func uprightSymbolIsOneResultSpanningItsLines() throws {
        let found = scan(image())
        #expect(found.count == 1)
        let b = try #require(found.first)
        #expect(b.orientation == 0)
        let xs = b.cornerPoints.map(\.x)
        #expect(xs == [10, 20, 20, 10])
        let ys = b.cornerPoints.map(\.y)
        #expect(ys[0] == ys[1] && ys[2] == ys[3] && ys[0] < ys[2])
        #expect(ys[0] >= 5 && ys[2] <= 15)
    }

    @Test func rotatedSymbolsAreFoundWithTheirOrientation() throws {
        var img = image()
        var expected: [Double] = [90, 180, 270]
        for _ in 0..<3 {
            img = img.rotated90Clockwise()
            let found = scan(img)
            #expect(found.count == 1)
            let b = try #require(found.first)
            #expect(b.orientation == expected.removeFirst())
            // The symbol's first corner is where its first bar starts, whatever the rotation.
            let firstBarEdge = b.cornerPoints[0]
            let box = b.boundingBox
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= Double(img.width))
            #expect(firstBarEdge.x.isFinite)
        }
        #expect(scan(image().rotated90Clockwise(), rotate: false).isEmpty)
    }

    @Test func cornerPointsAt180Degrees() throws {
        let img = image().rotated90Clockwise().rotated90Clockwise()
        let b = try #require(scan(img).first)
        // Rotated 180°: bars at x = 20..<30; the symbol's first bar edge is at x = 30, its top at the bottom.
        #expect(b.cornerPoints[0].x == 30)
        #expect(b.cornerPoints[1].x == 20)
        #expect(b.cornerPoints[0].y > b.cornerPoints[3].y)
    }
}
