import ScanCore
import Testing

@testable import DataMatrix

/// Inputs the fuzz targets (Fuzz/, Docs/fuzzing.md) found crashing the Data Matrix reader.
struct DMFuzzRegressionTests {
    /// FuzzDecodeFrame: a `pure` decode of a frame without a dark pixel overflowed `minX + 4` (minX stays
    /// Int.max) in the pure-image candidate.
    @Test func pureDecodeOfABlankFrameFindsNothing() {
        #expect(DMDetector.pureCandidate(BitMatrix(width: 16, height: 16)) == nil)
        var options = DecodeOptions()
        options.pure = true
        for value: UInt8 in [0, 255] {
            let image = LuminanceImage(width: 40, height: 30, filledWith: value)
            #expect(DataMatrixDecoder().decode(FrameContext(image: image), options: options).isEmpty)
        }
    }
}
