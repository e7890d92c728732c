import Foundation
import Testing

@testable import ScanCore

/// A 640×360 mid-grey frame with a bar pattern (widths 1–4 × `module` px, EAN-like density) of
/// `length` px across, centred on (cx, cy), scanned at `angle` degrees (bars perpendicular to it).
func barFrame(angle: Double = 0, module: Double = 2, length: Double = 200, cx: Double = 320, cy: Double = 180)
    -> LuminanceImage
{
    let w = 640, h = 360
    var px = [UInt8](repeating: 200, count: w * h)
    // A fixed pseudo-random sequence of bar and space widths.
    var widths: [Double] = []
    var seed: UInt32 = 12345
    var total = 0.0
    while total < length {
        seed = seed &* 1_103_515_245 &+ 12345
        let u = Double(1 + Int(seed >> 16) % 4) * module
        widths.append(u)
        total += u
    }
    let r = angle * Double.pi / 180
    let dx = cos(r), dy = sin(r)
    for y in 0..<h {
        for x in 0..<w {
            let px0 = Double(x) + 0.5 - cx, py0 = Double(y) + 0.5 - cy
            let t = px0 * dx + py0 * dy + length / 2  // along the scan direction
            let c = -px0 * dy + py0 * dx  // along the bars
            guard t >= 0, t < length, abs(c) < length * 0.35 else { continue }
            var acc = 0.0
            for (i, wd) in widths.enumerated() {
                if t < acc + wd {
                    if i % 2 == 0 { px[y * w + x] = 20 }
                    break
                }
                acc += wd
            }
        }
    }
    return LuminanceImage(width: w, height: h, pixels: px)
}

@Suite("CandidateMap")
struct CandidateMapTests {
    func linearBlocks(_ image: LuminanceImage) -> [CandidateMap.LinearBlock] {
        CandidateMap.compute(image).linearBlocks
    }

    @Test func aBarPatternHasCandidatesWhereItIsWithItsAngle() {
        for angle in [0.0, 30, 90, 135] {
            let blocks = linearBlocks(barFrame(angle: angle))
            #expect(!blocks.isEmpty, "angle \(angle)")
            // 2-px modules are 1-px on the half image, where oblique bars alias into staircases that pull
            // the angle towards the axes (~5° at 30°); blocks at the pattern's border also see its end edges.
            // The slanted families' 15° reach absorbs both.
            let errors = blocks.map { CandidateMap.angleDistance($0.angle, angle) }.sorted()
            #expect(errors.isEmpty || errors[errors.count / 2] < 8, "angle \(angle): \(errors)")
            for b in blocks {
                // Inside the pattern (centre 320, 180; half length 100 plus a block of slack).
                let x = Double(b.x * 16 + 8), y = Double(b.y * 16 + 8)
                #expect(hypot(x - 320, y - 180) < 120, "angle \(angle): block at \(x), \(y)")
                #expect(CandidateMap.angleDistance(b.angle, angle) < 20, "angle \(angle): \(b.angle)")
            }
        }
    }

    @Test func blocksExplainedByAnOutlineAreClearedWithinTheMargin() throws {
        let map = CandidateMap.compute(barFrame())
        let block = try #require(map.linearBlocks.first)
        let size = Double(CandidateMap.blockSize)
        let centre = Point(Double(block.x) * size + size / 2, Double(block.y) * size + size / 2)
        func has(_ m: CandidateMap) -> Bool { m.linearBlocks.contains { $0.x == block.x && $0.y == block.y } }
        // An outline ending 4 px left of the block's centre: within the default half block, not within 0.
        let beside = [
            Point(centre.x - 40, centre.y - 20), Point(centre.x - 4, centre.y - 20),
            Point(centre.x - 4, centre.y + 20), Point(centre.x - 40, centre.y + 20),
        ]
        #expect(!has(map.removingBlocks(explainedBy: [beside])))
        #expect(has(map.removingBlocks(explainedBy: [beside], margin: 0)))
        // An outline around the centre clears the block with any margin.
        let around = beside.map { $0 + Point(8, 0) }
        #expect(!has(map.removingBlocks(explainedBy: [around], margin: 0)))
    }

    @Test func aSmallCodeIsFound() {
        // About 95 px across with 1-px modules: an EAN-13 at its smallest.
        #expect(!linearBlocks(barFrame(module: 1, length: 95)).isEmpty)
    }

    @Test func blankAndNoiseFramesGiveNoLinearCandidate() {
        let blank = LuminanceImage(width: 640, height: 360, filledWith: 128)
        let map = CandidateMap.compute(blank)
        #expect(map.isEmpty)
        #expect(!map.isExhaustive)
        var seed: UInt32 = 7
        var px = [UInt8](repeating: 0, count: 640 * 360)
        for i in px.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            px[i] = UInt8(truncatingIfNeeded: 100 + Int(seed >> 24) % 60)
        }
        #expect(CandidateMap.compute(LuminanceImage(width: 640, height: 360, pixels: px)).linearCount == 0)
    }

    @Test func linesAndTextLikeBlobsGiveFewLinearCandidates() {
        var px = [UInt8](repeating: 180, count: 640 * 360)
        // Lone lines in several directions.
        for k in 0..<12 {
            let a = Double(k) * 15 * Double.pi / 180
            for s in 0..<400 {
                let x = Int(320 + (Double(s) - 200) * cos(a)), y = Int(180 + (Double(s) - 200) * sin(a))
                if x >= 0, x < 640, y >= 0, y < 360 {
                    px[y * 640 + x] = 30; if x + 1 < 640 { px[y * 640 + x + 1] = 30 }
                }
            }
        }
        // Text-like rows of small glyph boxes.
        for row in 0..<4 {
            for g in 0..<40 {
                let x0 = 20 + g * 10, y0 = 20 + row * 14
                for y in y0..<(y0 + 8) { for x in x0..<(x0 + 6) where (x + y) % 3 != 0 { px[y * 640 + x] = 40 } }
            }
        }
        let map = CandidateMap.compute(LuminanceImage(width: 640, height: 360, pixels: px))
        #expect(map.linearCount <= map.blocksWide * map.blocksHigh / 50)
    }

    /// One family of edges with clutter around it (bars under heavy noise) lowers the coherence into
    /// the slanted grids' range, but not its fourth harmonic below ``CandidateMap/skewedGridRatio`` of it:
    /// no block there becomes a matrix candidate by that rule.
    @Test func barsUnderNoiseAreNoSlantedGrid() {
        for angle in [0.0, 30, 60] {
            var px = barFrame(angle: angle, module: 3).packedPixels
            var seed: UInt32 = 11
            for i in px.indices {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                px[i] = UInt8(clamping: Int(px[i]) + Int(seed >> 24) % 121 - 60)
            }
            let map = CandidateMap.compute(LuminanceImage(width: 640, height: 360, pixels: px))
            let slanted = map.matrix.indices.filter {
                map.matrix[$0] && map.coherence[$0] >= CandidateMap.matrixCoherence
            }
            #expect(slanted.isEmpty, "angle \(angle): \(slanted.map { (map.coherence[$0], $0) })")
            // ... while blocks there do fall in the range the rule examines.
            let examined = CandidateMap.matrixCoherence..<CandidateMap.skewedGridCoherence
            #expect(map.coherence.contains { examined.contains($0) })
        }
    }

    @Test func tinyImagesAreExhaustive() {
        #expect(CandidateMap.compute(LuminanceImage(width: 40, height: 20, filledWith: 0)).isExhaustive)
    }

    @Test func theInvertedViewSharesTheMap() {
        let ctx = FrameContext(image: barFrame())
        #expect(ctx.inverted.candidates == ctx.candidates)
        #expect(CandidateMap.compute(ctx.image.inverted()) == ctx.candidates)
    }

    @Test func aFrameWithoutCandidatesCostsNoLineReads() {
        let blank = FrameContext(image: LuminanceImage(width: 640, height: 360, filledWith: 200))
        #expect(LinearScanner.scan(blank, options: DecodeOptions(), decoder: ThreeBarDecoder()).isEmpty)
        #expect(blank.shared.lines.withLock { $0.isEmpty })
    }

    @Test func paddedSegmentsAreDarkOutside() {
        // Segment 10..<20 of a 30-px line reads light 2, dark 3, light 5; outside it is dark.
        let a = LinearScanner.LineSet.padded(runs: [2, 3, 5], starts: nil, range: 10..<20, length: 30)
        #expect(a.runs == [0, 10, 2, 3, 5, 10, 0])
        // The segment's ends lie inside the image: no quiet zone there.
        #expect(!a.startsAtBorder && !a.endsAtBorder && !a.isQuietZone(6, atLeast: 1))
        // Starting dark and ending dark inside the segment.
        let b = LinearScanner.LineSet.padded(runs: [0, 4, 6], starts: nil, range: 10..<20, length: 30)
        #expect(b.runs == [0, 14, 6, 10, 0])
        let c = LinearScanner.LineSet.padded(runs: [3, 7], starts: [0, 3.2, 10], range: 0..<10, length: 30)
        #expect(c.runs == [3, 27, 0])
        #expect(c.subpixelStarts == [0, 3.2, 30, 30])
        #expect(c.startsAtBorder && !c.endsAtBorder)
    }
}
