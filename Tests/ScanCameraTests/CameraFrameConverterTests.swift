import Foundation
import ScanCore
import ScanImageIO
import Testing

@testable import ScanCamera

/// Every capture format to a frame, with exact luminance values and row padding dropped.
@Suite struct CameraFrameConverterTests {
    /// A 3×2 image whose luminance is `10 * (y * 3 + x) + 1`.
    static let width = 3, height = 2
    static func luma(_ x: Int, _ y: Int) -> UInt8 { UInt8(10 * (y * 3 + x) + 1) }
    static let expectedLuma: [UInt8] = [1, 11, 21, 31, 41, 51]

    func convert(_ bytes: [UInt8], _ format: CameraPixelFormat, bytesPerLine: Int) throws -> Frame {
        try bytes.withUnsafeBytes {
            try CameraFrameConverter.frame(
                from: $0, format: format, width: Self.width, height: Self.height, bytesPerLine: bytesPerLine,
                sequence: 7, timestamp: Date(timeIntervalSince1970: 5), source: "/dev/video9")
        }
    }

    @Test func greyRowsAreCopiedWithoutPadding() throws {
        let bytes: [UInt8] = [1, 11, 21, 99, 31, 41, 51, 99]
        let frame = try convert(bytes, .gray8, bytesPerLine: 4)
        #expect(frame.format == .gray8 && frame.stride == 3)
        #expect(frame.pixels == Self.expectedLuma)
        #expect(frame.sequenceNumber == 7 && frame.source == "/dev/video9")
        #expect(frame.timestamp == Date(timeIntervalSince1970: 5))
    }

    @Test func yuyvKeepsTheYSamples() throws {
        // Width 3 is odd: a row holds 2 pixel pairs (8 bytes); bytesperline 8.
        let bytes: [UInt8] = [1, 200, 11, 201, 21, 202, 0, 203, 31, 204, 41, 205, 51, 206, 0, 207]
        let frame = try convert(bytes, .yuyv, bytesPerLine: 8)
        #expect(frame.format == .gray8)
        #expect(frame.pixels == Self.expectedLuma)
    }

    @Test func uyvyKeepsTheYSamples() throws {
        let bytes: [UInt8] = [200, 1, 201, 11, 202, 21, 203, 0, 204, 31, 205, 41, 206, 51, 207, 0]
        let frame = try convert(bytes, .uyvy, bytesPerLine: 8)
        #expect(frame.pixels == Self.expectedLuma)
    }

    @Test func nv12AndI420KeepTheYPlane() throws {
        // Y plane (pitch 4), then chroma that must not leak into the frame.
        let y: [UInt8] = [1, 11, 21, 0, 31, 41, 51, 0]
        let nv12 = try convert(y + [128, 129, 130, 131], .nv12, bytesPerLine: 4)
        #expect(nv12.format == .gray8 && nv12.pixels == Self.expectedLuma)
        let i420 = try convert(y + [128, 129, 130, 131], .i420, bytesPerLine: 4)
        #expect(i420.pixels == Self.expectedLuma)
    }

    @Test func rgbAndBgrStayColourWithExactLuminance() throws {
        // Grey pixels (R = G = B) have luminance equal to their value under any luma formula.
        var rgb: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<3 { rgb += [Self.luma(x, y), Self.luma(x, y), Self.luma(x, y)] }
            rgb += [0, 0]  // padding: bytesperline 11
        }
        let frame = try convert(rgb, .rgb24, bytesPerLine: 11)
        #expect(frame.format == .rgb24 && frame.stride == 9)
        let image = frame.luminance()
        let values = (0..<2).flatMap { y in (0..<3).map { x in image.storage[y * image.stride + x] } }
        #expect(values == Self.expectedLuma)
        let bgr = try convert(rgb, .bgr24, bytesPerLine: 11)
        #expect(bgr.format == .bgr24)
        #expect(bgr.pixels.count == 18)
        // Pure blue in BGR order is blue, not red: its luminance is the small blue weight.
        let blue = try [UInt8]([255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0]).withUnsafeBytes {
            try CameraFrameConverter.frame(
                from: $0, format: .bgr24, width: 3, height: 2, bytesPerLine: 9, sequence: 0, timestamp: Date(),
                source: "")
        }
        let blueRGB = try Frame(pixels: [0, 0, 255], format: .rgb24, width: 1, height: 1)
        #expect(blue.luminance().storage[0] == blueRGB.luminance().storage[0])
    }

    @Test func mjpegIsDecoded() throws {
        // A flat grey JPEG at quality 100 decodes back to its exact value.
        let width = 16
        let height = 8
        let jpeg = try JPEGEncoder().encode(LuminanceImage(width: width, height: height, filledWith: 100), quality: 100)
        #expect(!jpeg.isEmpty)
        let frame = try jpeg.withUnsafeBytes {
            try CameraFrameConverter.frame(
                from: $0, format: .mjpeg, width: width, height: height, bytesPerLine: 0, sequence: 3,
                timestamp: Date(), source: "cam")
        }
        #expect(frame.width == width && frame.height == height)
        #expect(frame.luminance().storage.prefix(width).allSatisfy { $0 == 100 })
        #expect(frame.sequenceNumber == 3)
        #expect(throws: CameraFrameConverter.ConversionError.self) {
            try [UInt8]([0xFF, 0xD8, 0x00]).withUnsafeBytes {
                try CameraFrameConverter.frame(
                    from: $0, format: .mjpeg, width: 16, height: 8, bytesPerLine: 0, sequence: 0, timestamp: Date(),
                    source: "cam")
            }
        }
    }

    @Test func shortBuffersAreRejected() {
        #expect(throws: CameraFrameConverter.ConversionError.self) {
            try convert([1, 2, 3, 4, 5], .gray8, bytesPerLine: 3)
        }
        #expect(throws: CameraFrameConverter.ConversionError.self) {
            try convert([UInt8](repeating: 0, count: 100), .yuyv, bytesPerLine: 4)
        }
    }
}
