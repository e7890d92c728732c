import Testing

@testable import ScanCore

struct LuminanceImageTests {
    let image = LuminanceImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    @Test func cropSharesStorageAndIndexesCorrectly() throws {
        let crop = try image.cropped(x: 1, y: 0, width: 2, height: 2)
        #expect(crop[0, 0] == 2)
        #expect(crop[1, 1] == 6)
        #expect(crop.packedPixels == [2, 3, 5, 6])
        #expect(crop.storage == image.storage)
        #expect(crop.row(1) == [5, 6])
        #expect(crop.column(0) == [2, 5])
    }

    @Test func cropOutsideIsAnError() {
        #expect(throws: ScanError.self) { try image.cropped(x: 2, y: 0, width: 2, height: 1) }
        #expect(throws: ScanError.self) { try image.cropped(x: 0, y: 0, width: 0, height: 1) }
    }

    @Test func rotationMapsPointsClockwise() {
        // (x, y) lands at (height - 1 - y, x).
        let r = image.rotated90Clockwise()
        #expect(r.width == 2 && r.height == 3)
        #expect(r.packedPixels == [4, 1, 5, 2, 6, 3])
    }

    @Test func invertAndDownscale() {
        #expect(image.inverted().packedPixels == [254, 253, 252, 251, 250, 249])
        let four = LuminanceImage(width: 4, height: 2, pixels: [0, 10, 100, 200, 20, 30, 100, 200])
        #expect(four.downscaled(by: 2).packedPixels == [15, 150])
    }

    @Test func downscaleRoundsEachBlockMeanAndDropsPartialBlocks() {
        // 5×3, factor 2: the blocks at x 0–1 and 2–3 of rows 0–1; column 4 and row 2 are left out.
        let odd = LuminanceImage(width: 5, height: 3, pixels: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 250, 250, 250, 250])
        #expect(odd.downscaled(by: 2).packedPixels == [3, 5])  // (12 + 2) / 4, (20 + 2) / 4
        // Rounding half up: sums 1 and 2 of a 2×2 block.
        let low = LuminanceImage(width: 4, height: 2, pixels: [1, 0, 1, 1, 0, 0, 0, 0])
        #expect(low.downscaled(by: 2).packedPixels == [0, 1])
        // Factor 3 (an area that is not a power of two): (0 + 1 + … + 8 + 4) / 9.
        let nine = LuminanceImage(width: 3, height: 3, pixels: [0, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(nine.downscaled(by: 3).packedPixels == [4])
        // Factor 4 on 9×4 (pixel x + 10·y): blocks at x 0–3 and 4–7, column 8 left out; sums 4·(6 + 60)
        // and 4·(22 + 60), plus 8, over 16.
        let strip = LuminanceImage(width: 9, height: 4, pixels: (0..<36).map { UInt8($0 % 9 + 10 * ($0 / 9)) })
        #expect(strip.downscaled(by: 4).packedPixels == [17, 21])
    }

    @Test func halvingAWideCropIsTheRoundedMeanOfEach2x2Block() throws {
        // 39×7 with pseudo-random pixels, cropped by one pixel on the left and top (an odd offset), 37
        // pixels wide: 18 means a row, eight at a time and two more.
        let wide = LuminanceImage(
            width: 39, height: 7, pixels: (0..<39 * 7).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })
        let crop = try wide.cropped(x: 1, y: 1, width: 37, height: 6)
        var expected: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<18 {
                let sum = [
                    crop[2 * x, 2 * y], crop[2 * x + 1, 2 * y], crop[2 * x, 2 * y + 1], crop[2 * x + 1, 2 * y + 1],
                ]
                .reduce(0) { $0 + Int($1) }
                expected.append(UInt8((sum + 2) / 4))
            }
        }
        let half = crop.downscaled(by: 2)
        #expect(half.width == 18 && half.height == 3)
        #expect(half.packedPixels == expected)
    }

    @Test func downscaleOfAnImageNarrowerThanTheFactorRepeatsItsLastRowAndColumn() {
        // 3×1 by 4: one pixel, from columns 0, 1, 2, 2 of row 0 four times: (4 · 90 + 8) / 16.
        let strip = LuminanceImage(width: 3, height: 1, pixels: [10, 20, 30])
        let one = strip.downscaled(by: 4)
        #expect(one.width == 1 && one.height == 1 && one.packedPixels == [23])
    }

    @Test func downscaleOfACropReadsTheCropOnly() throws {
        let wide = LuminanceImage(width: 4, height: 2, pixels: [9, 0, 4, 9, 9, 8, 12, 9])
        let crop = try wide.cropped(x: 1, y: 0, width: 2, height: 2)
        #expect(crop.downscaled(by: 2).packedPixels == [6])  // (0 + 4 + 8 + 12 + 2) / 4
    }
}
