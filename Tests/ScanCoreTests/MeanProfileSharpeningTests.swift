import Foundation
import Testing

@testable import ScanCore

/// The pieces of ``LinearScanner/MeanProfile``'s reading of the mean that are plain arithmetic: the unsharp
/// masking and its contrast stretch (the order statistics by ``LinearScanner/Consensus/select(_:in:)``), and
/// the mean at two samples per pixel.
@Suite("The mean profile's sharpening, selection and upsampling")
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

    /// The unsharp masking as first written (every tap clamped to the profile, percentiles from a sort),
    /// the reference the faster one must equal exactly.
    static func reference(_ p: [Double], strength: Double, sigma: Double) -> [UInt8] {
        let n = p.count
        guard n > 0 else { return [] }
        let radius = Int((3 * sigma).rounded(.up))
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        var q = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var g = 0.0
            for k in -radius...radius { g += kernel[k + radius] * p[min(n - 1, max(0, i + k))] }
            q[i] = p[i] + strength * (p[i] - g / total)
        }
        let sorted = q.sorted()
        let lo = sorted[n / 100], hi = sorted[n - 1 - n / 100]
        guard hi > lo else { return [UInt8](repeating: 0, count: n) }
        return q.map { UInt8(max(0, min(255, (($0 - lo) / (hi - lo) * 255).rounded()))) }
    }

    /// `sharpened` equals the reference byte for byte: profiles shorter than the kernel's radius, the
    /// maskings the mean uses at one and two samples per pixel, and a wide one.
    @Test(arguments: [1, 2, 3, 40, 997] as [Int])
    func sharpeningEqualsTheClampedReference(count: Int) {
        var random = SplitMix64(seed: UInt64(1000 + count))
        let profile = (0..<count).map { _ in Double.random(in: 20..<230, using: &random) }
        for (strength, sigma) in [(2.0, 1.0), (3.0, 1.2), (2.0, 2.0), (3.0, 2.4), (2.0, 5.0)] {
            #expect(
                MeanProfile.sharpened(profile, strength: strength, sigma: sigma)
                    == Self.reference(profile, strength: strength, sigma: sigma))
        }
    }
}
