import CWebP
import Foundation
import ScanCore
import ScanImageIO
import Testing

/// WebP fixtures are made in the test with libwebp's lossless encoder, so pixels must come back exactly.
@Suite("WebP reading")
struct WebPReaderTests {
    static func encodeLossless(_ pixels: [UInt8], width: Int, height: Int, alpha: Bool) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = pixels.withUnsafeBufferPointer { buf in
            alpha
                ? WebPEncodeLosslessRGBA(buf.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
                : WebPEncodeLosslessRGB(buf.baseAddress, Int32(width), Int32(height), Int32(width * 3), &output)
        }
        guard let output, size > 0 else { return [] }
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    static let rgb: [UInt8] = {
        var out: [UInt8] = []
        for i in 0..<(7 * 5) {
            out.append(UInt8(i * 7 % 256))
            out.append(UInt8(255 - i))
            out.append(40)
        }
        return out
    }()

    @Test func losslessRGBComesBackExactly() throws {
        let bytes = Self.encodeLossless(Self.rgb, width: 7, height: 5, alpha: false)
        try #require(!bytes.isEmpty)
        let frame = try ImageReader.read(data: bytes, name: "x.webp")
        #expect(frame.format == .rgb24)
        #expect(frame.width == 7 && frame.height == 5)
        #expect(frame.pixels == Self.rgb)
        #expect(frame.source == "x.webp")
    }

    @Test func alphaIsCompositedOnWhite() throws {
        // Opaque black, fully transparent black, half-transparent black.
        let rgba: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128]
        let frame = try ImageReader.read(
            data: Self.encodeLossless(rgba, width: 3, height: 1, alpha: true), name: "a.webp")
        // (0·a + 255·(255 − a) + 127) / 255 per channel.
        #expect(frame.pixels == [0, 0, 0, 255, 255, 255, 127, 127, 127])
    }

    @Test func truncatedAndCorruptWebPAreTypedErrors() throws {
        let bytes = Self.encodeLossless(Self.rgb, width: 7, height: 5, alpha: false)
        for cut in stride(from: 12, to: bytes.count, by: 3) {
            #expect(throws: ImageError.self) { try ImageReader.read(data: Array(bytes[0..<cut]), name: "cut.webp") }
        }
        var header = Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8X".utf8)
        header += [UInt8](repeating: 0xEE, count: 30)
        #expect(throws: ImageError.self) { try ImageReader.read(data: header, name: "junk.webp") }
    }

    @Test func headerLargerThanTheLimitIsRefusedBeforeDecoding() throws {
        let bytes = Self.encodeLossless(Self.rgb, width: 7, height: 5, alpha: false)
        #expect(throws: ImageError.tooLarge(path: "big.webp", width: 7, height: 5, limit: 20)) {
            try ImageReader.read(data: bytes, name: "big.webp", limits: ImageLimits(maxPixels: 20))
        }
    }
}
