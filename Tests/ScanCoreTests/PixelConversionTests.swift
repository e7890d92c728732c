import Testing

@testable import ScanCore

/// Exact luminance values for every pixel format (Rec. 601 integer luma, see Frame+Luminance.swift).
struct PixelConversionTests {
    @Test func lumaFormulaEndpointsAndPrimaries() {
        #expect(Frame.luma(r: 0, g: 0, b: 0) == 0)
        #expect(Frame.luma(r: 255, g: 255, b: 255) == 255)
        #expect(Frame.luma(r: 255, g: 0, b: 0) == 77)  // (77*255+128)>>8 = 77
        #expect(Frame.luma(r: 0, g: 255, b: 0) == 149)  // (150*255+128)>>8 = 149
        #expect(Frame.luma(r: 0, g: 0, b: 255) == 29)  // (29*255+128)>>8 = 29
        #expect(Frame.luma(r: 100, g: 150, b: 200) == 141)  // (7700+22500+5800+128)>>8 = 141
    }

    @Test func gray8WithPaddedStride() throws {
        let frame = try Frame(pixels: [1, 2, 99, 3, 4, 99], format: .gray8, width: 2, height: 2, stride: 3)
        let lum = frame.luminance()
        #expect(lum.packedPixels == [1, 2, 3, 4])
    }

    @Test func rgbBgrRgbaAgree() throws {
        let rgb = try Frame(pixels: [255, 0, 0, 0, 255, 0], format: .rgb24, width: 2, height: 1)
        let bgr = try Frame(pixels: [0, 0, 255, 0, 255, 0], format: .bgr24, width: 2, height: 1)
        let rgba = try Frame(pixels: [255, 0, 0, 7, 0, 255, 0, 0], format: .rgba32, width: 2, height: 1)
        #expect(rgb.luminance().packedPixels == [77, 149])
        #expect(bgr.luminance().packedPixels == [77, 149])
        #expect(rgba.luminance().packedPixels == [77, 149])
    }

    @Test func everyPixelOfAWidePaddedRGBFrameIsItsLuma() throws {
        // 37 pixels a row (a vector loop's body and its remainder) and 5 bytes of padding per row.
        let width = 37, height = 3
        for (format, bpp, offsets) in [
            (PixelFormat.rgb24, 3, (r: 0, g: 1, b: 2)), (.bgr24, 3, (r: 2, g: 1, b: 0)),
            (.rgba32, 4, (r: 0, g: 1, b: 2)),
        ] {
            let stride = width * bpp + 5
            let pixels = (0..<stride * height).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
            let lum = try Frame(pixels: pixels, format: format, width: width, height: height, stride: stride)
                .luminance()
            var expected: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let p = y * stride + x * bpp
                    expected.append(
                        Frame.luma(r: pixels[p + offsets.r], g: pixels[p + offsets.g], b: pixels[p + offsets.b]))
                }
            }
            #expect(lum.packedPixels == expected, "\(format)")
        }
    }

    @Test func packedYUVTakesLumaSamples() throws {
        // Two pixels: Y0=10, Y1=20 with chroma 128.
        let yuyv = try Frame(pixels: [10, 128, 20, 128], format: .yuyv, width: 2, height: 1)
        let uyvy = try Frame(pixels: [128, 10, 128, 20], format: .uyvy, width: 2, height: 1)
        #expect(yuyv.luminance().packedPixels == [10, 20])
        #expect(uyvy.luminance().packedPixels == [10, 20])
    }

    @Test func planarYUVUsesTheLumaPlane() throws {
        // 2x2 luma + chroma planes.
        let nv12 = try Frame(pixels: [1, 2, 3, 4, 128, 128], format: .nv12, width: 2, height: 2)
        let i420 = try Frame(pixels: [5, 6, 7, 8, 128, 128], format: .i420, width: 2, height: 2)
        #expect(nv12.luminance().packedPixels == [1, 2, 3, 4])
        #expect(i420.luminance().packedPixels == [5, 6, 7, 8])
    }

    @Test func frameByteCounts() {
        #expect(PixelFormat.nv12.frameByteCount(width: 640, height: 480, stride: 640) == 460_800)
        #expect(PixelFormat.i420.frameByteCount(width: 640, height: 480, stride: 640) == 460_800)
        #expect(PixelFormat.yuyv.frameByteCount(width: 640, height: 480, stride: 1280) == 614_400)
        #expect(PixelFormat.i420.frameByteCount(width: 3, height: 3, stride: 3) == 9 + 2 * 2 * 2)
        // Odd widths, as `ffmpeg -f rawvideo` writes them: NV12's chroma rows hold ⌈321 / 2⌉ U V pairs;
        // a YUYV row holds ⌈321 / 2⌉ pixel pairs of 4 bytes.
        #expect(PixelFormat.nv12.frameByteCount(width: 321, height: 241, stride: 321) == 321 * 241 + 322 * 121)
        #expect(PixelFormat.yuyv.minimumStride(width: 321) == 644)
        #expect(PixelFormat.uyvy.minimumStride(width: 320) == 640)
    }

    @Test func shortBufferOrStrideIsAnError() {
        #expect(throws: ScanError.self) { try Frame(pixels: [0, 0, 0], format: .gray8, width: 2, height: 2) }
        #expect(throws: ScanError.self) {
            try Frame(pixels: [UInt8](repeating: 0, count: 12), format: .rgb24, width: 2, height: 2, stride: 5)
        }
        #expect(throws: ScanError.self) { try Frame(pixels: [], format: .gray8, width: 0, height: 1) }
    }
}
