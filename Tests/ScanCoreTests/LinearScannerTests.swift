import Testing

@testable import ScanCore

/// A row decoder for a made-up symbol: three bars of widths 1, 1, 3 (units) separated by spaces of 1,
/// with light of at least 2 units before and after. Reports "113" with its span.
struct ThreeBarDecoder: LinearRowDecoder {
    func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
        let r = line.runs
        var out: [LinearMatch] = []
        var i = 1
        while i + 5 < r.count {
            let u = r[i]
            if u > 0, r[i + 1] == u, r[i + 2] == u, r[i + 3] == u, r[i + 4] == 3 * u, r[i - 1] >= 2 * u,
                r[i + 5] >= 2 * u
            {
                out.append(
                    LinearMatch(
                        format: "threebar", text: "113", symbologyIdentifier: "]X0",
                        start: line.runStarts[i], end: line.runStarts[i + 5]))
            }
            i += 2
        }
        return out
    }
}

/// An image with the three-bar symbol (unit 4 px) drawn on rows `rows`, starting at x = 40.
func threeBarImage(rows: Range<Int>, width: Int = 200, height: Int = 100) -> LuminanceImage {
    var px = [UInt8](repeating: 240, count: width * height)
    let bars = [(40, 44), (48, 52), (56, 68)]
    for y in rows { for (a, b) in bars { for x in a..<b { px[y * width + x] = 10 } } }
    return LuminanceImage(width: width, height: height, pixels: px)
}

/// Options for the engine tests: the made-up symbols are smaller than the candidate map's blocks can
/// judge, so these tests read every line (``DecodeOptions/searchWholeFrame``).
func wholeFrameOptions() -> DecodeOptions {
    var o = DecodeOptions()
    o.searchWholeFrame = true
    return o
}

@Suite("LinearScanner")
struct LinearScannerTests {
    @Test func scanLineConventions() {
        let line = ScanLine(runs: [2, 3, 4])
        #expect(line.runStarts == [0, 2, 5, 9])
        #expect(line.length == 9)
        // A line that ends dark is closed by an empty light run: every bar has light on both sides.
        #expect(ScanLine(runs: [0, 3, 4, 5]).runs == [0, 3, 4, 5, 0])
        // Reversed, it still starts and ends with a light run.
        #expect(line.reversed().runs == [4, 3, 2])
        #expect(ScanLine(runs: [0, 3, 4, 5]).reversed().runs == [0, 5, 4, 3, 0])
        // Inverted, light and dark swap: empty light runs appear or go at the ends.
        #expect(line.inverted().runs == [0, 2, 3, 4, 0])
        #expect(ScanLine(runs: [0, 3, 4, 5]).inverted().runs == [3, 4, 5])
        #expect(ScanLine(runs: [0, 3, 4, 5]).inverted().inverted().runs == [0, 3, 4, 5, 0])
        #expect(ScanLine(runs: [7]).inverted().runs == [0, 7, 0])
        #expect(
            ScanLine(runs: [2, 3, 4], subpixelStarts: [0, 2.5, 5.5, 9]).inverted().subpixelStarts
                == [0, 0, 2.5, 5.5, 9, 9])
        // Sub-pixel starts follow the runs: dropped with the empty runs at dark ends, mirrored when reversed.
        let darkEnds = ScanLine(runs: [0, 3, 4, 5], subpixelStarts: [0, 0, 3.25, 7.5, 12])
        #expect(darkEnds.inverted().subpixelStarts == [0, 3.25, 7.5, 12])
        #expect(darkEnds.reversed().subpixelStarts == [0, 0, 4.5, 8.75, 12, 12])
        #expect(ScanLine(runs: [7], subpixelStarts: [0, 7]).inverted().subpixelStarts == [0, 0, 7, 7])
        // The negative's run count, known without making it.
        for runs in [[2, 3, 4], [0, 3, 4, 5], [0, 3, 4, 5, 0], [7], [0], [0, 2, 3], [1, 2, 3, 4, 5, 6, 0]] {
            let l = ScanLine(runs: runs)
            #expect(l.invertedRunCount == l.inverted().runs.count, "runs \(runs)")
        }
    }

    @Test func theImageBorderIsAQuietZone() {
        // Light 0, bar 3, light 1, bar 2, light 0: both ends on the image border.
        let line = ScanLine(runs: [0, 3, 1, 2])
        #expect(line.isQuietZone(0, atLeast: 10))
        #expect(line.isQuietZone(4, atLeast: 10))
        #expect(!line.isQuietZone(2, atLeast: 10))
        #expect(line.isQuietZone(2, atLeast: 1))
        #expect(!line.isQuietZone(5, atLeast: 0))
        #expect(line.spansLine(from: 0, to: 6))
        #expect(!line.spansLine(from: 4, to: 6))
        #expect(!line.spansLine(from: 0, to: 3))
        // Reversed, the ends swap; a segment's end inside the image is no border.
        let segment = ScanLine(runs: [0, 3, 1, 2], subpixelStarts: nil, startsAtBorder: true, endsAtBorder: false)
        #expect(segment.isAtBorder(0) && !segment.isAtBorder(4))
        #expect(!segment.isQuietZone(4, atLeast: 1))
        #expect(!segment.reversed().isAtBorder(0) && segment.reversed().isAtBorder(4))
        #expect(segment.inverted().endsAtBorder == false)
    }

    @Test func findsASymbolWithCornersAtItsBars() throws {
        let image = threeBarImage(rows: 20..<80)
        let codes = LinearScanner.scan(
            FrameContext(image: image), options: wholeFrameOptions(), decoder: ThreeBarDecoder())
        #expect(codes.count == 1)
        let b = try #require(codes.first)
        #expect(b.rawValue == "113")
        #expect(b.orientation == 0)
        // Corners: top-left, top-right, bottom-right, bottom-left, at pixel-line centres of the outer rows.
        #expect(b.cornerPoints == [Point(40, 20.5), Point(68, 20.5), Point(68, 79.5), Point(40, 79.5)])
    }

    @Test func readsBackwardsAsUpsideDown() throws {
        // Mirror the image: the decoder only reads forwards, so the engine must find it reversed.
        let image = threeBarImage(rows: 20..<80)
        let rotated = image.rotated90Clockwise().rotated90Clockwise()
        let b = try #require(
            LinearScanner.scan(FrameContext(image: rotated), options: wholeFrameOptions(), decoder: ThreeBarDecoder())
                .first)
        #expect(b.orientation == 180)
        // The symbol's own top-left is now at the image's bottom right.
        #expect(abs(b.cornerPoints[0].x - 160) < 0.01 && abs(b.cornerPoints[0].y - 79.5) < 0.01)
    }

    @Test func columnsOnlyWithTryRotate() {
        let image = threeBarImage(rows: 20..<80).rotated90Clockwise()
        var options = wholeFrameOptions()
        #expect(
            LinearScanner.scan(FrameContext(image: image), options: options, decoder: ThreeBarDecoder())
                .map(\.orientation) == [90])
        options.tryRotate = false
        #expect(LinearScanner.scan(FrameContext(image: image), options: options, decoder: ThreeBarDecoder()).isEmpty)
    }

    @Test func aLoneLineIsNotEnough() {
        let image = threeBarImage(rows: 50..<51)
        var options = wholeFrameOptions()
        options.tryRotate = false
        #expect(LinearScanner.scan(FrameContext(image: image), options: options, decoder: ThreeBarDecoder()).isEmpty)
        options.minLineAgreement = 1
        #expect(LinearScanner.scan(FrameContext(image: image), options: options, decoder: ThreeBarDecoder()).count == 1)
    }

    @Test func aSplitSymbolIsReportedOnce() {
        // A light band across the bars (rows 45..<55) splits the reads into two groups.
        var px = threeBarImage(rows: 10..<90).packedPixels
        for y in 45..<55 { for x in 0..<200 { px[y * 200 + x] = 240 } }
        let image = LuminanceImage(width: 200, height: 100, pixels: px)
        #expect(
            LinearScanner.scan(FrameContext(image: image), options: wholeFrameOptions(), decoder: ThreeBarDecoder())
                .count == 1)
    }

    @Test(arguments: LinearScanner.slantedAngles)
    func slantedLinesStayInsideTheImage(angle: Double) {
        let lines = LinearScanner.LineSet(.slanted(angle), width: 64, height: 48)
        #expect(lines.count > 0)
        let matrix = BitMatrix(width: 64, height: 48)
        for index in stride(from: 0, to: lines.count, by: 7) {
            let runs = lines.runs(matrix, index)
            let length = runs.reduce(0, +)
            for a in [0.0, Double(length)] {
                let p = lines.point(along: a, line: index)
                #expect(p.x >= -0.01 && p.x <= 64.01 && p.y >= -0.01 && p.y <= 48.01)
            }
        }
    }
}
