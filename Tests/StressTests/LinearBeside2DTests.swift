import BuiltinPlugins
import ScanCore
import ScanTestSupport
import Testing

/// Linear symbols next to two-dimensional ones, as on shipping labels: the registry runs the scan-line
/// engine after the matrix and stacked plugins of a pass, without the candidate blocks their symbols
/// explain. A linear symbol beside or under a 2D one keeps its own blocks and reads.
@Suite(.enabled(if: Zint.available)) struct LinearBeside2DTests {
    let registry = BuiltinPlugins.registry()

    /// A label: a Data Matrix with a Code 128 8 pixels to its right (the Code 128's quiet zone between
    /// them) and a QR Code with an EAN-13 under it, the bars' top ends 4 pixels below the QR Code's last
    /// module row (bars need no quiet zone at their ends).
    @Test func everySymbolOfALabelReads() throws {
        let dm = try Zint("DATAMATRIX", quietZones: nil).render("LOT 4711-0815", scale: 2)
        let c128 = try Zint("CODE128").render("SHIP-2026-12", scale: 1)
        let qr = try Zint("QRCODE", quietZones: nil).render("https://example.com/p/42", scale: 2)
        let ean = try Zint("EANX", quietZones: nil).render("501234567890", scale: 1)
        let margin = 40
        let rowTwo = margin + max(dm.height, c128.height) + 60
        let page = LuminanceImage.page(
            width: margin + dm.width + 8 + c128.width + margin,
            height: rowTwo + qr.height + 4 + ean.height + margin,
            [
                (dm, margin, margin), (c128, margin + dm.width + 8, margin),
                (qr, margin, rowTwo), (ean, margin, rowTwo + qr.height + 4),
            ])
        let found = registry.decode(FrameContext(image: page), options: DecodeOptions())
        let values = Set(found.map { "\($0.format.name) \($0.rawValue ?? "")" })
        #expect(
            values == [
                "datamatrix LOT 4711-0815", "code128 SHIP-2026-12", "qrcode https://example.com/p/42",
                "ean13 5012345678900",
            ])
    }

    /// A short Code 128, about as wide as the QR Code above it and 24 pixels high, its bars 3 pixels
    /// under the QR Code's last module row: its top row of candidate blocks touches the QR Code's
    /// outline, and only blocks whose centres lie inside the outline or within half a block of it are
    /// left out; the rest of its blocks lead the lines to it.
    @Test func aShortSymbolRightUnderAQRCodeReads() throws {
        let qr = try Zint("QRCODE", quietZones: nil).render("https://example.com/p/42", scale: 2)
        let bars = try Zint("CODE128").render("42", ["--height=12", "--notext"], scale: 1)
        #expect(bars.height == 24 && bars.width <= qr.width + 40)
        let margin = 40
        let page = LuminanceImage.page(
            width: 2 * margin + max(qr.width, bars.width), height: 2 * margin + qr.height + 3 + bars.height,
            [(qr, margin, margin), (bars, margin, margin + qr.height + 3)])
        let found = registry.decode(FrameContext(image: page), options: DecodeOptions())
        let values = Set(found.map { "\($0.format.name) \($0.rawValue ?? "")" })
        #expect(values == ["qrcode https://example.com/p/42", "code128 42"])
    }

    /// The same Code 128 3 pixels under the QR Code, the page's top margin chosen so that the QR Code's
    /// last module row ends 4 pixels above the centre of a row of candidate blocks: that row, which holds
    /// the Code 128's top 13 pixels, lies within half a block of the outline and is left out; the bars'
    /// next row of blocks leads the lines to them.
    @Test func aShortSymbolWhoseTopBlocksTouchTheOutlineReads() throws {
        let qr = try Zint("QRCODE", quietZones: nil).render("https://example.com/p/42", scale: 2)
        let bars = try Zint("CODE128").render("42", ["--height=12", "--notext"], scale: 1)
        let block = CandidateMap.blockSize
        // The QR Code's bottom at 4 mod 16: the next block row's centre (8 mod 16) is 4 pixels below it.
        let top = 40 + ((4 - (40 + qr.height)) % block + block) % block
        #expect((top + qr.height) % block == 4)
        let page = LuminanceImage.page(
            width: 80 + max(qr.width, bars.width), height: top + qr.height + 3 + bars.height + 40,
            [(qr, 40, top), (bars, 40, top + qr.height + 3)])
        let found = registry.decode(FrameContext(image: page), options: DecodeOptions())
        let values = Set(found.map { "\($0.format.name) \($0.rawValue ?? "")" })
        #expect(values == ["qrcode https://example.com/p/42", "code128 42"])
    }
}
