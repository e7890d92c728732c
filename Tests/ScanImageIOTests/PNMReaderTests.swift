import ScanCore
import ScanImageIO
import Testing

@Suite("PGM/PPM reading")
struct PNMReaderTests {
    func read(_ text: String) throws -> Frame { try ImageReader.read(data: Array(text.utf8), name: "t.pnm") }

    @Test("P2 ASCII grey with comments, maxval 255 and 15")
    func p2() throws {
        let frame = try read("P2\n# a comment\n3 2 # trailing comment\n255\n0 128 255\n# in the raster\n1 2 3\n")
        #expect(frame.format == .gray8 && frame.width == 3 && frame.height == 2 && frame.source == "t.pnm")
        #expect(frame.pixels == [0, 128, 255, 1, 2, 3])
        #expect(try read("P2 2 1 15 0 15").pixels == [0, 255])
        #expect(try read("P2 3 1 1 0 1 0").pixels == [0, 255, 0])
    }

    @Test("P3 ASCII colour")
    func p3() throws {
        let frame = try read("P3\n#c\n2 1\n255\n255 0 0  0 0 255\n")
        #expect(frame.format == .rgb24 && frame.stride == 6)
        #expect(frame.pixels == [255, 0, 0, 0, 0, 255])
    }

    @Test("P5 binary grey, 8-bit and 16-bit (maxval 65535 and 1000)")
    func p5() throws {
        let header8 = Array("P5\n# c\n4 1\n255\n".utf8)
        #expect(try ImageReader.read(data: header8 + [0, 1, 254, 255], name: "a.pgm").pixels == [0, 1, 254, 255])
        let header16 = Array("P5 3 1 65535\n".utf8)
        let raster16: [UInt8] = [0x00, 0x00, 0x80, 0x80, 0xFF, 0xFF]
        #expect(try ImageReader.read(data: header16 + raster16, name: "b.pgm").pixels == [0, 128, 255])
        let header1000 = Array("P5 2 1 1000\n".utf8)
        #expect(try ImageReader.read(data: header1000 + [0x01, 0xF4, 0x03, 0xE8], name: "c.pgm").pixels == [128, 255])
    }

    @Test("P6 binary colour, 8-bit and maxval 65535")
    func p6() throws {
        let frame = try ImageReader.read(data: Array("P6\n2 1\n255\n".utf8) + [1, 2, 3, 4, 5, 6], name: "d.ppm")
        #expect(frame.format == .rgb24 && frame.pixels == [1, 2, 3, 4, 5, 6])
        let wide = try ImageReader.read(
            data: Array("P6 1 1 65535\n".utf8) + [0xFF, 0xFF, 0x00, 0x00, 0x80, 0x80], name: "e.ppm")
        #expect(wide.pixels == [255, 0, 128])
    }

    @Test("a sample above maxval, a zero size, a bad maxval and PBM are typed errors")
    func invalid() {
        #expect(throws: ImageError.self) { try read("P2 2 1 10 0 11") }
        #expect(throws: ImageError.self) { try read("P2 0 1 255 ") }
        #expect(throws: ImageError.self) { try read("P2 1 1 0 0") }
        #expect(throws: ImageError.self) { try read("P2 1 1 65536 0") }
        #expect(throws: ImageError.self) { try read("P2 1 x 255 0") }
        #expect(throws: ImageError.unsupported(path: "t.pnm", format: .pnm, what: "PBM bitmap (P1/P4)")) {
            try read("P1 1 1 0")
        }
    }
}
