import Foundation
import ScanCore
import ScanImageIO
import Testing

@Suite("PNG writing")
struct PNGWriterTests {
    @Test("a luminance plane round-trips through bytes and through a file")
    func luminanceRoundTrip() throws {
        let pixels = (0..<(7 * 5)).map { UInt8($0 * 7 % 256) }
        let plane = LuminanceImage(width: 7, height: 5, pixels: pixels)
        let bytes = try PNGWriter.encode(plane)
        #expect(Array(bytes[0..<4]) == [0x89, 0x50, 0x4E, 0x47])
        let frame = try ImageReader.read(data: bytes, name: "mem")
        #expect(frame.format == .gray8 && frame.width == 7 && frame.height == 5 && frame.pixels == pixels)

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("plane.png").path
        try PNGWriter.write(plane, to: path)
        let fromFile = try ImageReader.read(contentsOf: path)
        #expect(fromFile.pixels == pixels && fromFile.source == path)
    }

    @Test("noise that compresses to more than half its samples, and fast compression, round-trip exactly")
    func noiseAndFast() throws {
        // Random samples do not compress: the first guess at the size (half the samples) is short.
        var random = SplitMix64(seed: 42)
        let noise = (0..<(300 * 200 * 3)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let frame = try Frame(pixels: noise, format: .rgb24, width: 300, height: 200)
        let bytes = try PNGWriter.encode(frame)
        // Longer than the first guess (half the samples and 64 KiB): the second pass wrote it.
        #expect(bytes.count > noise.count / 2 + 65536)
        #expect(try ImageReader.read(data: bytes, name: "noise").pixels == noise)
        #expect(try ImageReader.read(data: try PNGWriter.encode(frame, fast: true), name: "n").pixels == noise)
        // Fast compression gives the same pixels of smooth content too.
        var smooth = [UInt8](repeating: 0, count: 300 * 200 * 3)
        for i in smooth.indices {
            let x: Int = i / 3 % 300
            smooth[i] = UInt8(x * 255 / 299)
        }
        let gradient = try Frame(pixels: smooth, format: .rgb24, width: 300, height: 200)
        let fast = try PNGWriter.encode(gradient, fast: true)
        #expect(try ImageReader.read(data: fast, name: "fast").pixels == smooth)
        // Without row filters the gradient compresses less: the option reached libpng.
        #expect(fast.count > (try PNGWriter.encode(gradient)).count)
    }

    @Test("a cropped plane writes only its window")
    func crop() throws {
        let plane = LuminanceImage(width: 4, height: 3, pixels: Array(0..<12))
        let window = try plane.cropped(x: 1, y: 1, width: 2, height: 2)
        let frame = try ImageReader.read(data: try PNGWriter.encode(window), name: "crop")
        #expect(frame.width == 2 && frame.height == 2 && frame.pixels == [5, 6, 9, 10])
    }

    @Test("rgb24, bgr24 and rgba32 frames, with padded strides, round-trip as RGB")
    func frames() throws {
        let rgb: [UInt8] = [255, 0, 0, 0, 255, 0, /*pad*/ 9, 0, 0, 255, 10, 20, 30, /*pad*/ 9]
        let frame = try Frame(pixels: rgb, format: .rgb24, width: 2, height: 2, stride: 7)
        let back = try ImageReader.read(data: try PNGWriter.encode(frame), name: "rgb")
        #expect(back.format == .rgb24 && back.pixels == [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30])

        let bgr = try Frame(pixels: [1, 2, 3], format: .bgr24, width: 1, height: 1)
        #expect(try ImageReader.read(data: try PNGWriter.encode(bgr), name: "bgr").pixels == [3, 2, 1])

        let rgba = try Frame(pixels: [1, 2, 3, 255, 0, 0, 0, 0], format: .rgba32, width: 2, height: 1)
        #expect(
            try ImageReader.read(data: try PNGWriter.encode(rgba), name: "rgba").pixels == [1, 2, 3, 255, 255, 255])

        let gray = try Frame(pixels: [0, 200, 7], format: .gray8, width: 3, height: 1)
        #expect(try ImageReader.read(data: try PNGWriter.encode(gray), name: "g").pixels == [0, 200, 7])
    }

    @Test("YUV frames are refused; an unwritable path is a typed error naming it")
    func errors() throws {
        let yuyv = try Frame(pixels: [0, 0, 0, 0], format: .yuyv, width: 2, height: 1)
        #expect(throws: ImageError.self) { try PNGWriter.encode(yuyv) }
        let path = "/nonexistent-dir-\(UUID().uuidString)/x.png"
        do {
            try PNGWriter.write(LuminanceImage(width: 1, height: 1, filledWith: 0), to: path)
            Issue.record("writing into a missing directory succeeded")
        } catch {
            #expect(error.path == path)
            guard case .writeFailed = error else { Issue.record("unexpected \(error)"); return }
        }
    }
}
