import ScanCore
import ScanImageIO
import Testing

@Suite("PNG reading")
struct PNGReaderTests {
    /// Decodes in-memory PNG bytes.
    func read(_ bytes: [UInt8]) throws -> Frame {
        try ImageReader.read(data: bytes, name: "test.png")
    }

    @Test("grey at 1, 2, 4 and 8 bits scales to 8 bits", arguments: [1, 2, 4, 8])
    func greyBitDepths(bitDepth: Int) throws {
        let maxSample = (1 << bitDepth) - 1
        let width = 13, height = 3  // odd width: rows end in padding bits
        let sample = { (x: Int, y: Int) in (x + y * width) % (maxSample + 1) }
        let png = TestPNG.make(width: width, height: height, bitDepth: bitDepth, colorType: .gray) { x, y in
            [sample(x, y)]
        }
        let frame = try read(png)
        #expect(frame.format == .gray8)
        #expect(frame.width == width && frame.height == height && frame.stride == width)
        #expect(frame.source == "test.png")
        let expected = (0..<height).flatMap { y in (0..<width).map { x in UInt8(sample(x, y) * 255 / maxSample) } }
        #expect(frame.pixels == expected)
    }

    @Test("16-bit grey reads as its high byte (sRGB-encoded, not linear)")
    func grey16() throws {
        let values = [0, 1, 64, 127, 128, 200, 254, 255]
        let png = TestPNG.make(width: values.count, height: 1, bitDepth: 16, colorType: .gray) { x, _ in
            [values[x] * 257]
        }
        let frame = try read(png)
        #expect(frame.format == .gray8)
        #expect(frame.pixels == values.map { UInt8($0) })
    }

    @Test("8-bit and 16-bit RGB keep their colours")
    func rgb() throws {
        let colors: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [12, 34, 56], [255, 255, 255], [0, 0, 0]]
        let png8 = TestPNG.make(width: 3, height: 2, bitDepth: 8, colorType: .rgb) { x, y in colors[y * 3 + x] }
        let frame = try read(png8)
        #expect(frame.format == .rgb24)
        #expect(frame.width == 3 && frame.height == 2 && frame.stride == 9)
        #expect(frame.pixels == colors.flatMap { $0.map(UInt8.init) })

        let png16 = TestPNG.make(width: 3, height: 2, bitDepth: 16, colorType: .rgb) { x, y in
            colors[y * 3 + x].map { $0 * 257 }
        }
        #expect(try read(png16).pixels == colors.flatMap { $0.map(UInt8.init) })
    }

    @Test("RGBA is composited on white: transparent reads white, opaque keeps its colour")
    func rgbaOnWhite() throws {
        let pixels: [[Int]] = [[10, 20, 30, 255], [0, 0, 0, 0], [200, 0, 0, 0], [0, 0, 0, 255]]
        let png = TestPNG.make(width: 4, height: 1, bitDepth: 8, colorType: .rgba) { x, _ in pixels[x] }
        let frame = try read(png)
        #expect(frame.format == .rgb24)
        #expect(frame.pixels == [10, 20, 30, 255, 255, 255, 255, 255, 255, 0, 0, 0])
        #expect(frame.luminance().packedPixels[1] == 255)
        #expect(frame.luminance().packedPixels[2] == 255)
        #expect(frame.luminance().packedPixels[3] == 0)
    }

    @Test("RGBA at 16 bits and half transparency composite between colour and white")
    func rgba16AndPartialAlpha() throws {
        let png = TestPNG.make(width: 3, height: 1, bitDepth: 16, colorType: .rgba) { x, _ in
            [[0, 0, 0, 0], [65535, 0, 0, 65535], [0, 0, 0, 32768]][x]
        }
        let frame = try read(png)
        #expect(Array(frame.pixels[0..<6]) == [255, 255, 255, 255, 0, 0])
        // Half-transparent black over white: libpng blends in linear light, so it is lighter than 128.
        let half = frame.pixels[6]
        #expect(half > 128 && half < 255)
        #expect(frame.pixels[7] == half && frame.pixels[8] == half)
    }

    @Test("grey + alpha is composited on white and stays grey")
    func greyAlpha() throws {
        let png = TestPNG.make(width: 3, height: 1, bitDepth: 8, colorType: .grayAlpha) { x, _ in
            [[0, 255], [0, 0], [77, 255]][x]
        }
        let frame = try read(png)
        #expect(frame.format == .gray8)
        #expect(frame.pixels == [0, 255, 77])
    }

    @Test("grey with a tRNS key colour: keyed pixels read white")
    func greyTransparencyKey() throws {
        let png = TestPNG.make(width: 3, height: 1, bitDepth: 8, colorType: .gray, transparency: [0, 0]) { x, _ in
            [[0, 10, 0][x]]
        }
        let frame = try read(png)
        #expect(frame.pixels == [255, 10, 255])
    }

    @Test("palette at 1, 2, 4 and 8 bits, with tRNS transparency composited on white", arguments: [1, 2, 4, 8])
    func palette(bitDepth: Int) throws {
        let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 128, 255), (9, 9, 9)]
        let entries = min(palette.count, 1 << bitDepth)
        let png = TestPNG.make(
            width: 5, height: 2, bitDepth: bitDepth, colorType: .palette, palette: Array(palette[0..<entries]),
            transparency: [255, 0]  // entry 1 fully transparent, the rest opaque
        ) { x, y in [(x + y) % entries] }
        let frame = try read(png)
        #expect(frame.format == .rgb24)
        var expected: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<5 {
                let index = (x + y) % entries
                let color = index == 1 ? (255, 255, 255) : palette[index]
                expected += [color.0, color.1, color.2]
            }
        }
        #expect(frame.pixels == expected)
    }

    @Test("Adam7 interlaced images equal their non-interlaced twins")
    func interlaced() throws {
        for (colorType, bitDepth) in [(TestPNG.ColorType.gray, 8), (.gray, 1), (.rgb, 8), (.rgba, 16)] {
            let width = 11, height = 9
            let pixel = { (x: Int, y: Int) -> [Int] in
                let maxSample = (1 << bitDepth) - 1
                let base = (x * 23 + y * 7) % (maxSample + 1)
                switch colorType {
                case .gray: return [base]
                case .rgb: return [base, maxSample - base, (x * 5) % (maxSample + 1)]
                default:  // 16-bit: whole multiples of 257, so no rounding choice is involved
                    let level = (x * 23 + y * 7) % 256 * 257
                    return [level, 65535 - level, 0, 65535]
                }
            }
            let plain = TestPNG.make(
                width: width, height: height, bitDepth: bitDepth, colorType: colorType, pixel: pixel)
            let adam7 = TestPNG.make(
                width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: true, pixel: pixel)
            let expected = try read(plain)
            let frame = try read(adam7)
            #expect(frame.width == width && frame.height == height)
            #expect(frame.pixels == expected.pixels, "colour type \(colorType), \(bitDepth) bits")
        }
    }

    @Test("16-bit interlaced RGBA with transparency (works around libpng issue #853)")
    func interlaced16WithAlpha() throws {
        let pixel = { (x: Int, y: Int) -> [Int] in
            x == y ? [0, 0, 0, 0] : [x * 20 * 257, y * 20 * 257, 1234, 65535]
        }
        let frame = try read(
            TestPNG.make(width: 9, height: 10, bitDepth: 16, colorType: .rgba, interlaced: true, pixel: pixel))
        for y in 0..<10 {
            for x in 0..<9 {
                let at = (y * 9 + x) * 3
                let expected: [UInt8] = x == y ? [255, 255, 255] : [UInt8(x * 20), UInt8(y * 20), 5]
                #expect(Array(frame.pixels[at..<(at + 3)]) == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test("a 1×1 interlaced image (only the first pass is present)")
    func tinyInterlaced() throws {
        let png = TestPNG.make(width: 1, height: 1, bitDepth: 8, colorType: .gray, interlaced: true) { _, _ in [42] }
        #expect(try read(png).pixels == [42])
    }
}
