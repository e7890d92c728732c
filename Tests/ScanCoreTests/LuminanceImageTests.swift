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
}
