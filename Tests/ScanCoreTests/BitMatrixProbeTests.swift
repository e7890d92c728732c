import Testing

@testable import ScanCore

/// The matrix toolkit's probes: pixels at sub-pixel points, edges along rays, bilinear luminance.
struct BitMatrixProbeTests {
    /// 8 × 1: dark pixels 2…4.
    let row = BitMatrix(width: 8, height: 1, bits: [0, 0, 1, 1, 1, 0, 0, 0])

    @Test func isDarkReadsThePixelAPointFallsIn() {
        #expect(row.isDark(at: Point(2.0, 0.5)) == true)
        #expect(row.isDark(at: Point(4.99, 0.99)) == true)
        #expect(row.isDark(at: Point(5.0, 0.5)) == false)
        #expect(row.isDark(at: Point(-0.01, 0.5)) == nil)
        #expect(row.isDark(at: Point(8.0, 0.5)) == nil)
        #expect(row.isDark(at: Point(3, 1.0)) == nil)
        #expect(row.isDark(at: Point(.nan, 0.5)) == nil)
        #expect(row.isDark(at: Point(1e300, 0.5)) == nil)
    }

    @Test func firstTransitionFindsTheEdgeWithinHalfAStep() {
        // From the middle of the dark run outward: last dark sample 4.75, first light 5.0.
        #expect(
            row.firstTransition(from: Point(3.5, 0.5), direction: Point(1, 0), step: 0.25, limit: 4)
                == Point(4.875, 0.5))
        // Backward, half-pixel steps: last dark 2.0, first light 1.5.
        #expect(
            row.firstTransition(from: Point(3.5, 0.5), direction: Point(-1, 0), step: 0.5, limit: 4)
                == Point(1.75, 0.5))
        // From light: the first dark sample.
        #expect(
            row.firstTransition(from: Point(0.5, 0.5), direction: Point(1, 0), step: 0.5, limit: 4)
                == Point(1.75, 0.5))
        // No change within the limit, or the ray leaves the matrix first.
        #expect(row.firstTransition(from: Point(3.5, 0.5), direction: Point(1, 0), step: 0.25, limit: 1) == nil)
        #expect(row.firstTransition(from: Point(6.5, 0.5), direction: Point(1, 0), step: 0.5, limit: 9) == nil)
        #expect(row.firstTransition(from: Point(-1, 0.5), direction: Point(1, 0), step: 0.5, limit: 9) == nil)
    }

    @Test func bilinearInterpolatesBetweenPixelCentres() {
        let image = LuminanceImage(width: 2, height: 2, pixels: [0, 100, 200, 40])
        #expect(image.bilinear(at: Point(0.5, 0.5)) == 0)
        #expect(image.bilinear(at: Point(1.5, 0.5)) == 100)
        #expect(image.bilinear(at: Point(1.0, 0.5)) == 50)
        #expect(image.bilinear(at: Point(1.0, 1.0)) == 85)  // (0 + 100 + 200 + 40) / 4
        // Clamped at the border and beyond.
        #expect(image.bilinear(at: Point(0, 0)) == 0)
        #expect(image.bilinear(at: Point(9, 0.5)) == 100)
        #expect(image.bilinear(at: Point(0.5, 2)) == 200)
        #expect(image.bilinear(at: Point(.nan, 1)) == nil)
        // A crop reads its own window.
        let wide = LuminanceImage(width: 3, height: 1, pixels: [10, 20, 30])
        let crop = try? wide.cropped(x: 1, y: 0, width: 2, height: 1)
        #expect(crop?.bilinear(at: Point(1.0, 0.5)) == 25)
    }
}
