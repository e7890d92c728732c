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
}
