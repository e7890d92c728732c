import Foundation
import Testing

@testable import ScanCore

/// The coarse-only downscaled passes over frames under ``DecoderRegistry/downscaleThreshold``: where they
/// run (``DecodePass/plan(_:width:height:)``) and where they look
/// (``CandidateMap/matrixBlocks(unseenBy:scale:)``).
struct CoarsePassTests {
    /// A white 1280 × 720 frame with a checkerboard of `square`-pixel squares over x 328..<968,
    /// y 168..<552 (offset from the 16-pixel block grid by 8 pixels).
    static func checkerboard(square: Int) -> LuminanceImage {
        var pixels = [UInt8](repeating: 255, count: 1280 * 720)
        for y in 168..<552 {
            for x in 328..<968 where ((x - 328) / square + (y - 168) / square) % 2 == 0 {
                pixels[y * 1280 + x] = 20
            }
        }
        return LuminanceImage(width: 1280, height: 720, pixels: pixels)
    }

    @Test func planHasCoarseOnlyPassesBelowTheThreshold() {
        func downscaled(_ w: Int, _ h: Int) -> [String] {
            DecodePass.plan(DecodeOptions(), width: w, height: h).filter { $0.kind == .downscaled }
                .map { "1/\($0.scale)\($0.coarseOnly ? " coarse" : "")" }
        }
        #expect(downscaled(1280, 720) == ["1/2 coarse", "1/4 coarse"])
        #expect(downscaled(1920, 1080) == ["1/2 coarse", "1/4 coarse"])
        #expect(downscaled(2400, 1800) == ["1/2", "1/4", "1/8"])
        #expect(downscaled(500, 400).isEmpty)
        var options = DecodeOptions()
        options.tryDownscale = false
        #expect(DecodePass.plan(options, width: 1280, height: 720).allSatisfy { $0.kind != .downscaled })
    }

    /// Squares of 40 pixels (modules larger than a block): the half image's map has matrix blocks over
    /// the checkerboard, and the coarse pass looks at those over which the frame's own map has nothing.
    @Test func largeSquaresAreSeenAtTheCoarserScale() {
        let frame = FrameContext(image: Self.checkerboard(square: 40))
        let fine = frame.candidates
        let coarse = frame.downscaled(by: 2).candidates.matrixBlocks(unseenBy: fine, scale: 2)
        #expect(coarse.linearCount == 0)
        #expect(coarse.matrixCount >= 9)
        for by in 0..<coarse.blocksHigh {
            for bx in 0..<coarse.blocksWide where coarse.matrix[by * coarse.blocksWide + bx] {
                // Over the checkerboard (blocks of 32 frame pixels) ...
                #expect(bx * 32 + 32 > 328 && bx * 32 < 968 && by * 32 + 32 > 168 && by * 32 < 552)
                // ... and over four blocks of the frame without a candidate.
                for (x, y) in [(2 * bx, 2 * by), (2 * bx + 1, 2 * by), (2 * bx, 2 * by + 1), (2 * bx + 1, 2 * by + 1)] {
                    #expect(!fine.matrix[y * fine.blocksWide + x] && !fine.linear[y * fine.blocksWide + x])
                }
            }
        }
    }

    /// Squares of 12 pixels: the frame's own map marks them, so nothing is left for the coarse pass.
    @Test func smallSquaresAreLeftToTheFullSizePasses() {
        let frame = FrameContext(image: Self.checkerboard(square: 12))
        #expect(frame.candidates.matrixCount > 0)
        let half = frame.downscaled(by: 2).candidates
        #expect(half.matrixCount > 0)
        #expect(half.matrixBlocks(unseenBy: frame.candidates, scale: 2).matrixCount == 0)
    }

    /// Thick lines at many angles and the discs between them (as in the bench's textured frames) make
    /// matrix blocks at the coarser scale that the full-size map leaves alone; their edges do not run
    /// along a grid, so the coarse pass does not look there (``CandidateMap/keepingGridLike(_:finer:scale:)``).
    @Test func crossingLinesAreNotAGrid() {
        let w = 640, h = 480
        var pixels = [UInt8](repeating: 200, count: w * h)
        var rng = SplitMix64(seed: 5)
        for _ in 0..<8 {
            let cx = Double(rng.next() % UInt64(w)), cy = Double(rng.next() % UInt64(h))
            let r = Double(20 + rng.next() % 60), grey = UInt8(40 + rng.next() % 120)
            for y in max(0, Int(cy - r))..<min(h, Int(cy + r)) {
                for x in max(0, Int(cx - r))..<min(w, Int(cx + r))
                where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy) <= r * r {
                    pixels[y * w + x] = grey
                }
            }
        }
        for _ in 0..<30 {
            let a = Double(rng.next() % 180) * Double.pi / 180
            let px = Double(rng.next() % UInt64(w)), py = Double(rng.next() % UInt64(h))
            let grey = UInt8(rng.next() % 2 == 0 ? 20 : 250)
            // The line through (px, py) in direction a, 3 px wide.
            let nx = -sin(a), ny = cos(a)
            for y in 0..<h {
                for x in 0..<w where abs((Double(x) - px) * nx + (Double(y) - py) * ny) <= 1.5 {
                    pixels[y * w + x] = grey
                }
            }
        }
        let frame = FrameContext(image: LuminanceImage(width: w, height: h, pixels: pixels))
        let half = frame.downscaled(by: 2).candidates
        let unseen = half.matrix.indices.filter { i in
            let bx = i % half.blocksWide, by = i / half.blocksWide
            return half.matrix[i]
                && [(0, 0), (1, 0), (0, 1), (1, 1)].allSatisfy { dx, dy in
                    let j = (2 * by + dy) * frame.candidates.blocksWide + 2 * bx + dx
                    return !frame.candidates.matrix[j] && !frame.candidates.linear[j]
                }
        }
        #expect(unseen.count >= 20)
        #expect(half.matrixBlocks(unseenBy: frame.candidates, scale: 2).matrixCount < 9)
    }
}
