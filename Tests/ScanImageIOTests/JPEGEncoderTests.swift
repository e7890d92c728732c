import ScanCore
import ScanImageIO
import Testing

@Suite("JPEG writing")
struct JPEGEncoderTests {
    /// A 64 × 48 image, left half black and right half white, as grey, RGB and BGRX bytes.
    static let width = 64, height = 48
    static func value(x: Int) -> UInt8 { x < width / 2 ? 0 : 255 }

    @Test("grey, RGB and BGRX input encode to JPEGs that decode to the same size and halves")
    func roundTrip() throws {
        let encoder = try JPEGEncoder()
        let cases: [(JPEGEncoder.Layout, Int)] = [(.gray, 1), (.rgb, 3), (.bgrx, 4)]
        for (layout, size) in cases {
            let stride = Self.width * size + 8  // padded rows
            var pixels = [UInt8](repeating: 7, count: stride * Self.height)
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    for c in 0..<min(size, 3) { pixels[y * stride + x * size + c] = Self.value(x: x) }
                }
            }
            let jpeg = try pixels.withUnsafeBytes {
                try encoder.encode(
                    $0, width: Self.width, height: Self.height, stride: stride, layout: layout, quality: 90)
            }
            #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8] && Array(jpeg.suffix(2)) == [0xFF, 0xD9])
            let frame = try ImageReader.read(data: jpeg, name: "mem")
            #expect(frame.width == Self.width && frame.height == Self.height)
            #expect(frame.format == (layout == .gray ? .gray8 : .rgb24))
            let luma = frame.luminance()
            #expect(luma[4, 20] < 16 && luma[60, 20] > 239, "\(layout): \(luma[4, 20]) \(luma[60, 20])")
        }
    }

    @Test("a buffer shorter than the image is refused, not read past its end")
    func shortBuffer() throws {
        let encoder = try JPEGEncoder()
        let pixels = [UInt8](repeating: 0, count: 100)
        #expect(throws: JPEGEncoder.Failure.self) {
            try pixels.withUnsafeBytes {
                try encoder.encode($0, width: 20, height: 20, stride: 20, layout: .gray, quality: 80)
            }
        }
        #expect(throws: JPEGEncoder.Failure.self) {
            try pixels.withUnsafeBytes {
                try encoder.encode($0, width: 0, height: 1, stride: 0, layout: .gray, quality: 80)
            }
        }
    }

    @Test("a luminance image encodes as greyscale")
    func luminance() throws {
        let image = LuminanceImage(width: 16, height: 8, filledWith: 200)
        let frame = try ImageReader.read(data: try JPEGEncoder().encode(image, quality: 95), name: "mem")
        #expect(frame.format == .gray8 && frame.width == 16 && frame.height == 8)
        #expect(abs(Int(frame.pixels[0]) - 200) <= 2)
    }
}
