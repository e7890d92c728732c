import ScanCore
import ScanImageIO
import Testing

@Suite("JPEG reading")
struct JPEGReaderTests {
    /// An upright 32×16 test card: four 16×8 quadrants, top left 0, top right 80, bottom left 170, bottom right 255.
    /// The four corner values tell every rotation and mirror apart.
    static let uprightWidth = 32, uprightHeight = 16
    static func upright(_ x: Int, _ y: Int) -> UInt8 {
        switch (x < 16, y < 8) {
        case (true, true): return 0
        case (false, true): return 80
        case (true, false): return 170
        case (false, false): return 255
        }
    }

    /// The stored (camera) image for an EXIF orientation: the upright card turned the other way, built by
    /// explicit per-orientation formulas for where the stored pixel (sx, sy) shows up in the upright image.
    static func stored(orientation: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        let W = uprightWidth, H = uprightHeight
        let swaps = orientation >= 5
        let sw = swaps ? H : W, sh = swaps ? W : H
        var pixels = [UInt8](repeating: 0, count: sw * sh)
        for sy in 0..<sh {
            for sx in 0..<sw {
                let (u, v): (Int, Int)
                switch orientation {
                case 1: (u, v) = (sx, sy)
                case 2: (u, v) = (sw - 1 - sx, sy)  // row 0 top, column 0 right
                case 3: (u, v) = (sw - 1 - sx, sh - 1 - sy)  // row 0 bottom, column 0 right
                case 4: (u, v) = (sx, sh - 1 - sy)  // row 0 bottom, column 0 left
                case 5: (u, v) = (sy, sx)  // row 0 left, column 0 top
                case 6: (u, v) = (sh - 1 - sy, sx)  // row 0 right, column 0 top
                case 7: (u, v) = (sh - 1 - sy, sw - 1 - sx)  // row 0 right, column 0 bottom
                default: (u, v) = (sy, sw - 1 - sx)  // 8: row 0 left, column 0 bottom
                }
                pixels[sy * sw + sx] = upright(u, v)
            }
        }
        return (pixels, sw, sh)
    }

    func expectUpright(_ frame: Frame, tolerance: Int = 6, _ comment: Comment? = nil) {
        #expect(frame.width == Self.uprightWidth && frame.height == Self.uprightHeight, comment)
        guard frame.width == Self.uprightWidth, frame.height == Self.uprightHeight else { return }
        let plane = frame.luminance()
        var worst = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                worst = max(worst, abs(Int(plane[x, y]) - Int(Self.upright(x, y))))
            }
        }
        #expect(worst <= tolerance, comment)
    }

    /// A complete stream whose scan lost a stretch of its data decodes as far as it goes, and the damage
    /// is told to `warning`; an intact one tells nothing.
    @Test("damaged scan data in a complete stream is decoded and reported")
    func damagedScanDataIsReported() throws {
        let pixels = (0..<(64 * 64)).map { UInt8(($0 * 37) % 251) }
        let jpeg = TestJPEG.encode(pixels, width: 64, height: 64, channels: 1)
        var warnings: [String] = []
        _ = try ImageReader.read(data: jpeg, name: "ok.jpg", warning: { warnings.append($0) })
        #expect(warnings.isEmpty)
        // Start of scan: FF DA, then its header's length; the entropy-coded data follows.
        let sos = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let data = sos + 2 + (Int(jpeg[sos + 2]) << 8 | Int(jpeg[sos + 3]))
        let damaged = Array(jpeg[..<(data + 20)] + jpeg[(data + 400)...])
        let frame = try ImageReader.read(data: damaged, name: "bad.jpg", warning: { warnings.append($0) })
        #expect(frame.width == 64 && frame.height == 64)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("damaged JPEG data, decoded as far as it goes (Corrupt JPEG data") == true)
    }

    @Test("baseline greyscale decodes to gray8")
    func baselineGrey() throws {
        let card = Self.stored(orientation: 1)
        let jpeg = TestJPEG.encode(card.pixels, width: card.width, height: card.height, channels: 1)
        let frame = try ImageReader.read(data: jpeg, name: "grey.jpg")
        #expect(frame.format == .gray8 && frame.stride == frame.width && frame.source == "grey.jpg")
        expectUpright(frame)
    }

    @Test("baseline and progressive colour decode to rgb24", arguments: [false, true])
    func colour(progressive: Bool) throws {
        let width = 16, height = 16
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let color: [UInt8] =
                    y < 8 ? (x < 8 ? [255, 0, 0] : [0, 255, 0]) : (x < 8 ? [0, 0, 255] : [255, 255, 255])
                pixels += color
            }
        }
        let jpeg = TestJPEG.encode(pixels, width: width, height: height, channels: 3, progressive: progressive)
        #expect(jpeg.contains(0xC2) == progressive || !progressive)
        let frame = try ImageReader.read(data: jpeg, name: "colour.jpg")
        #expect(frame.format == .rgb24 && frame.width == width && frame.height == height)
        var worst = 0
        for index in 0..<pixels.count { worst = max(worst, abs(Int(frame.pixels[index]) - Int(pixels[index]))) }
        #expect(worst <= 12)
    }

    @Test("a colour JPEG read for luminance only gives its luma plane: the RGB decode's luma within 2 grey levels")
    func luminanceOnly() throws {
        let width = 32, height = 24
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                // Saturated colours and greys: the luma round trip differs most where chroma is strong.
                pixels += [UInt8(x * 8), UInt8(y * 10), UInt8(255 - x * 8)]
            }
        }
        let jpeg = TestJPEG.encode(pixels, width: width, height: height, channels: 3)
        let colour = try ImageReader.read(data: jpeg, name: "c.jpg")
        let grey = try ImageReader.read(data: jpeg, name: "c.jpg", luminanceOnly: true)
        #expect(colour.format == .rgb24 && grey.format == .gray8)
        #expect(grey.width == width && grey.height == height && grey.stride == width && grey.source == "c.jpg")
        let expected = colour.luminance(), got = grey.luminance()
        var worst = 0
        for y in 0..<height {
            for x in 0..<width { worst = max(worst, abs(Int(got[x, y]) - Int(expected[x, y]))) }
        }
        #expect(worst <= 2)
        // The EXIF orientation is applied to the luma plane as to the colour image.
        let card = Self.stored(orientation: 6)
        let rgb = card.pixels.flatMap { [$0, $0, $0] }
        let rotated = TestJPEG.inserting(
            TestJPEG.exifSegment(orientation: 6, bigEndian: false),
            into: TestJPEG.encode(rgb, width: card.width, height: card.height, channels: 3))
        let upright = try ImageReader.read(data: rotated, name: "r.jpg", luminanceOnly: true)
        #expect(upright.format == .gray8)
        expectUpright(upright)
    }

    @Test("progressive greyscale")
    func progressiveGrey() throws {
        let card = Self.stored(orientation: 1)
        let jpeg = TestJPEG.encode(card.pixels, width: card.width, height: card.height, channels: 1, progressive: true)
        expectUpright(try ImageReader.read(data: jpeg, name: "p.jpg"))
    }

    @Test(
        "EXIF orientation is applied, in both byte orders",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8], [false, true])
    func orientation(_ orientation: Int, bigEndian: Bool) throws {
        let card = Self.stored(orientation: orientation)
        let jpeg = TestJPEG.inserting(
            TestJPEG.exifSegment(orientation: orientation, bigEndian: bigEndian),
            into: TestJPEG.encode(card.pixels, width: card.width, height: card.height, channels: 1))
        expectUpright(try ImageReader.read(data: jpeg, name: "o.jpg"), "orientation \(orientation)")
    }

    @Test("EXIF orientation on a colour JPEG")
    func orientationColour() throws {
        let card = Self.stored(orientation: 6)
        let rgb = card.pixels.flatMap { [$0, $0, $0] }
        let jpeg = TestJPEG.inserting(
            TestJPEG.exifSegment(orientation: 6, bigEndian: false),
            into: TestJPEG.encode(rgb, width: card.width, height: card.height, channels: 3))
        let frame = try ImageReader.read(data: jpeg, name: "c.jpg")
        #expect(frame.format == .rgb24)
        expectUpright(frame)
    }

    @Test("a malformed or out-of-range EXIF block leaves the pixels as stored")
    func badEXIF() throws {
        let card = Self.stored(orientation: 1)
        let plain = TestJPEG.encode(card.pixels, width: card.width, height: card.height, channels: 1)
        var outOfRange = TestJPEG.exifSegment(orientation: 9, bigEndian: true)
        expectUpright(try ImageReader.read(data: TestJPEG.inserting(outOfRange, into: plain), name: "x.jpg"))
        outOfRange[14] = 0x00  // break the TIFF 42 magic
        expectUpright(try ImageReader.read(data: TestJPEG.inserting(outOfRange, into: plain), name: "x.jpg"))
        let chopped: [UInt8] = [0xFF, 0xE1, 0x00, 0x0A] + Array("Exif".utf8) + [0, 0, 0x49, 0x49]
        expectUpright(try ImageReader.read(data: TestJPEG.inserting(chopped, into: plain), name: "x.jpg"))
    }
}
