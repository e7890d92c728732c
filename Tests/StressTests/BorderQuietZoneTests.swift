import BuiltinPlugins
import Foundation
import ScanCore
import ScanImageIO
import ScanTestSupport
import Testing

/// Linear symbols at the image border (issue #23): zint draws them with no quiet zone, and cropped labels
/// and screenshots have none either. The border is light by definition and serves as quiet zone; a symbol
/// cut by the border must give its own value or nothing; a pure image's read covers the whole line.
@Suite(.enabled(if: Zint.available)) struct BorderQuietZoneTests {
    let registry = BuiltinPlugins.registry()

    func decode(_ image: LuminanceImage, pure: Bool = false) -> [Barcode] {
        var o = DecodeOptions()
        o.pure = pure
        return registry.decode(FrameContext(image: image), options: o)
    }

    @Test(arguments: [
        ("CODE128", "Hello World 123", BarcodeFormat.code128, "Hello World 123", "]C0"),
        // GS1-128: FNC1 in first position, the AIs' element strings run together (no separator needed).
        ("GS1_128", "[01]09501101530003[17]140704", .code128, "010950110153000317140704", "]C1"),
        // HIBC LIC: zint adds the "+" flag and the modulo-43 check character G.
        ("HIBC_128", "A123BJC5D6E71", .code128, "+A123BJC5D6E71G", "]C0"),
        ("C25INTER", "12345678", .itf, "12345678", "]I0"),
        ("CODE39", "ABC-123", .code39, "ABC-123", "]A0"),
        ("CODE93", "Code 93", .code93, "Code 93", "]G0"),
        ("CODABAR", "A40156B", .codabar, "A40156B", "]F0"),
    ])
    func symbolsWithoutQuietZoneRead(
        symbology: String, data: String, format: BarcodeFormat, value: String, identifier: String
    ) throws {
        let image = try Zint(symbology, quietZones: nil).render(data, scale: 1)
        // zint's first bar touches the left border (its last the right one, but for Codabar's final gap).
        #expect(image.row(image.height / 4).first.map { $0 < 128 } == true)
        let found = decode(image)
        #expect(found.map(\.format) == [format])
        #expect(found.first?.rawValue == value)
        #expect(found.first?.symbologyIdentifier == identifier)
    }

    /// A symbol with quiet zones, cut by the border at every position from either side: its own value or
    /// nothing, never a shorter symbol read out of its bars (ITF has no check character and its start
    /// pattern, four narrow elements, occurs inside symbols).
    @Test(arguments: [
        ("C25INTER", "123456789012", BarcodeFormat.itf, "123456789012"),
        ("CODE128", "Cut 4711", .code128, "Cut 4711"),
        ("EANX", "501234567890", .ean13, "5012345678900"),
    ])
    func symbolsCutByTheBorderGiveTheirValueOrNothing(
        symbology: String, data: String, format: BarcodeFormat, value: String
    ) throws {
        let image = try Zint(symbology, quietZones: true).render(data, scale: 1)
        var whole = 0
        for cut in stride(from: 1, to: image.width / 2, by: 1) {
            for fromLeft in [true, false] {
                let part = try image.cropped(
                    x: fromLeft ? cut : 0, y: 0, width: image.width - cut, height: image.height)
                let found = decode(part)
                for b in found {
                    #expect(b.format == format && b.rawValue == value, "cut \(cut) from \(fromLeft ? "left" : "right")")
                }
                whole += found.isEmpty ? 0 : 1
            }
        }
        // The first cuts only take quiet zone away: the symbol still reads there.
        #expect(whole >= 4)
    }

    /// `--pure` on soft EAN-13 photos (zint's drawing scaled and blurred): the EAN-13 only, not an ITF or a
    /// UPC-E out of its bars (a pure image reads without quiet zones, so every read must span its line).
    @Test(arguments: [("ean13-soft-itf.png", "2487053318128"), ("ean13-soft-upce.png", "6869589693508")])
    func pureEANGivesOnlyTheEAN(file: String, value: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/\(file)")
        let image = try ImageReader.read(contentsOf: path.path).luminance()
        let found = decode(image, pure: true)
        #expect(found.map(\.format) == [.ean13], "\(found.map { "\($0.format.name) \($0.rawValue ?? "")" })")
        #expect(found.first?.rawValue == value)
        // The same without --pure.
        #expect(decode(image).map(\.rawValue) == [value])
    }
}
