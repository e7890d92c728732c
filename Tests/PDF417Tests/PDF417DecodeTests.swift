import Foundation
import Testing
import ScanCore
@testable import PDF417

/// End-to-end reads of symbols rendered by zint, with exact expected values.
@Suite(.enabled(if: PDF417Fixture.available))
struct PDF417DecodeTests {
    func decode(_ image: LuminanceImage, options: DecodeOptions = DecodeOptions()) -> [Barcode] {
        DecoderRegistry([PDF417Decoder()]).decode(FrameContext(image: image), options: options)
    }

    @Test func simple() throws {
        let image = try PDF417Fixture.render("Hello, PDF417!", ["--cols=3", "--secure=2"])
        let found = decode(image)
        #expect(found.count == 1)
        let b = try #require(found.first)
        #expect(b.rawValue == "Hello, PDF417!")
        #expect(b.errorCorrectionLevel == "2")
        #expect(b.metadata["columns"] == "3")
        #expect(b.symbologyIdentifier == "]L2")
        #expect(b.isMirrored == false)
    }
}
