import Foundation
import ScanCore
import Testing

@testable import ScanImageIO

/// CMYK and YCCK JPEGs (print workflows): decoded by libjpeg-turbo, then inks to RGB.
@Suite("JPEG CMYK and YCCK")
struct JPEGInkTests {
    /// The 32×16 test card of ``JPEGReaderTests`` as a plain CMYK JPEG written by Pillow 13 (Adobe APP14,
    /// transform 0, inks stored inverted): top left K 100 %, top right C = M = Y 175/255 without K, bottom left
    /// K 85/255, bottom right no ink, i.e. grey 0, 80, 170 and 255.
    static let pillowCMYK = """
        /9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoK\
        CgYICwwLCgwJCgoK/8AAFAgAEAAgBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIB\
        AwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZH\
        SElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV\
        1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD9/K/fyv38r+f+iiiiv5Q6/lDr+UOv7/KKKKK/q8r+ryv6\
        vK/Kuiiiiiiiv1Uoooor/9k=
        """

    /// An RGB frame that reads as the test card.
    func expectCard(_ frame: Frame) {
        #expect(frame.format == .rgb24)
        JPEGReaderTests().expectUpright(frame)
    }

    @Test("a CMYK JPEG with an Adobe segment reads its inverted inks, also when read for luminance only")
    func plainCMYK() throws {
        let data = try #require(Data(base64Encoded: Self.pillowCMYK))
        expectCard(try ImageReader.read(data: [UInt8](data), name: "cmyk.jpg"))
        // Inks have no luma plane: they go through RGB as without the option.
        expectCard(try ImageReader.read(data: [UInt8](data), name: "cmyk.jpg", luminanceOnly: true))
    }

    @Test("a YCCK JPEG (TurboJPEG's CMYK encoding) is converted through CMYK")
    func ycck() throws {
        // Inks as Adobe stores them (255 = none): C, M, Y as the card's grey for the top half, K for the bottom.
        let width = JPEGReaderTests.uprightWidth
        let height = JPEGReaderTests.uprightHeight
        var cmyk = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let grey = JPEGReaderTests.upright(x, y)
                cmyk += y < 8 ? [grey, grey, grey, 255] : [255, 255, 255, grey]
            }
        }
        let jpeg = try #require(Self.encodeYCCK(cmyk, width: width, height: height))
        expectCard(try ImageReader.read(data: jpeg, name: "ycck.jpg"))
    }

    @Test("inks to RGB: complement of each ink times the complement of black")
    func inkFormula() {
        // Not inverted: 0 = no ink. Cyan 100 %: red 0, green and blue 255. K 50 % halves everything.
        #expect(JPEGDecoder.rgb(fromCMYK: [255, 0, 0, 0], inverted: false) == [0, 255, 255])
        #expect(JPEGDecoder.rgb(fromCMYK: [0, 0, 0, 128], inverted: false) == [127, 127, 127])
        #expect(JPEGDecoder.rgb(fromCMYK: [0, 0, 0, 0], inverted: true) == [0, 0, 0])
        #expect(JPEGDecoder.rgb(fromCMYK: [255, 255, 255, 255], inverted: true) == [255, 255, 255])
    }

    /// TurboJPEG writes packed CMYK as a YCCK JPEG with an Adobe segment (transform 2), 4:4:4, quality 95.
    static func encodeYCCK(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
        let bytes = TestJPEG.encode(pixels, width: width, height: height, channels: 4)
        // Make sure this really is a YCCK stream: Adobe APP14 with transform 2.
        guard let at = bytes.firstRange(of: Array("Adobe".utf8)), bytes[at.lowerBound + 11] == 2 else { return nil }
        return bytes
    }
}
