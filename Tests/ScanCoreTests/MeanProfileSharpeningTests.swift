import Testing

@testable import ScanCore

/// The pieces of ``LinearScanner/MeanProfile``'s reading of the mean that are plain arithmetic: the order
/// statistics its contrast stretch takes (``LinearScanner/Consensus/select(_:in:)``), and the mean at two samples
/// per pixel.
struct MeanProfileSharpeningTests {
    typealias MeanProfile = LinearScanner.MeanProfile

    /// Selection finds the value sorting puts at index k, for every k, on arrays with and without ties,
    /// and a second selection on the reordered array still does (as `sharpened` asks for two).
    @Test(arguments: [1, 2, 3, 17, 100, 1001] as [Int])
    func selectionFindsTheSortedValue(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        for ties in [false, true] {
            let values = (0..<count).map { _ in
                ties ? Double(Int.random(in: 0..<5, using: &random)) : Double.random(in: -50..<300, using: &random)
            }
            let sorted = values.sorted()
            for k in Set([0, count / 100, count / 2, count - 1 - count / 100, count - 1]) {
                var order = values
                order.withUnsafeMutableBufferPointer { buffer in
                    #expect(LinearScanner.Consensus.select(k, in: buffer) == sorted[k])
                    #expect(LinearScanner.Consensus.select(count - 1 - k, in: buffer) == sorted[count - 1 - k])
                }
                #expect(order.sorted() == sorted)
            }
        }
    }

    /// Two samples per pixel lie a quarter pixel either side of each pixel's centre, interpolated
    /// linearly towards the neighbouring pixel; the end samples extend flat.
    @Test func upsamplingInterpolatesBetweenPixelCentres() {
        #expect(MeanProfile.upsampled([0, 100, 40], by: 2) == [0, 25, 75, 85, 55, 40])
        #expect(MeanProfile.upsampled([0, 100, 40], by: 1) == [0, 100, 40])
        #expect(MeanProfile.upsampled([7], by: 2) == [7, 7])
    }
}
