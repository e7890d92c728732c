import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// End-to-end reads of symbols rendered by zint at test time, with exact expected values.
@Suite(.enabled(if: Zint.available))
struct DMDecodeTests {
    func decode(_ image: LuminanceImage, options: DecodeOptions = DecodeOptions()) -> [Barcode] {
        DecoderRegistry([DataMatrixDecoder()]).decode(FrameContext(image: image), options: options)
    }

    /// zint `--vers` 1…30 are the square then rectangular sizes of ISO/IEC 16022 Table 7, 31…48 the DMRE
    /// sizes, in the order of `DMSymbolSize.all`.
    @Test(arguments: 1...48) func everySize(version: Int) throws {
        let size = DMSymbolSize.all[version - 1]
        let text = "DM\(version)"
        let image = try Zint.dataMatrix.render(text, ["--vers=\(version)"] + (size.isDMRE ? ["--dmre"] : []))
        let found = decode(image)
        #expect(found.count == 1, "size \(size)")
        guard let b = found.first else { return }
        #expect(b.rawValue == text)
        #expect(b.metadata["size"] == "\(size.rows)x\(size.columns)")
        #expect(b.symbologyIdentifier == "]d1")
        #expect(b.isMirrored == false)
        #expect(b.cornerPoints.count == 4)
    }

    /// A symbol seen at a slant (about 57° of tilt) is foreshortened along the tilt, across or down: a
    /// square 16×16 and a rectangular 12×26 symbol scaled to 0.55 in one direction read.
    @Test(arguments: [(4, 0.55, 1.0), (4, 1.0, 0.55), (27, 0.55, 1.0), (27, 1.0, 0.55)])
    func foreshortened(version: Int, sx: Double, sy: Double) throws {
        let text = "Slanted \(version)"
        let image = try Zint.dataMatrix.render(text, ["--vers=\(version)"], scale: 6).scaled(sx, sy).padded(12)
        #expect(decode(image).map(\.rawValue) == [text], "version \(version) scaled \(sx) × \(sy)")
    }

    @Test func largestSizeFull() throws {
        // 144×144 with ten interleaved blocks, filled with text.
        let text = String(repeating: "Data Matrix ECC 200, ISO/IEC 16022. ", count: 40)
        let image = try Zint.dataMatrix.render(text, ["--vers=24"], scale: 1)
        let b = try #require(decode(image).first)
        #expect(b.rawValue == text)
        #expect(b.metadata["size"] == "144x144")
    }

    @Test(arguments: [
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEF", "c40"),
        ("the quick brown fox jumps over the lazy dog", "text"),
        ("ABC*DEF>GHI*JKL>MNO*PQR>STU*VWX>", "x12"),
    ]) func encodationSchemes(text: String, scheme: String) throws {
        let image = try Zint.dataMatrix.render(text)
        let b = try #require(decode(image).first)
        #expect(b.rawValue == text)
        #expect(b.metadata["encodation"]?.contains(scheme) == true, "\(b.metadata)")
    }

    @Test func edifactAndBase256() throws {
        let edi = "@@@@^^^^[[[[]]]]@ABCDEFGHIJ"
        let e = try #require(decode(try Zint.dataMatrix.render(edi)).first)
        #expect(e.rawValue == edi)
        #expect(e.metadata["encodation"]?.contains("edifact") == true, "\(e.metadata)")
        let bytes: [UInt8] = (0..<60).map { UInt8(truncatingIfNeeded: $0 * 37 + 128) }
        let b = try #require(decode(try Zint.dataMatrix.render(bytes, ["--binary"])).first)
        #expect(b.rawBytes == bytes)
        #expect(b.metadata["encodation"]?.contains("base256") == true)
    }

    @Test func gs1WithSeparator() throws {
        let image = try Zint.dataMatrix.render("[01]09501101530003[10]ABC123[21]XYZ", ["--gs1"])
        let b = try #require(decode(image).first)
        #expect(b.symbologyIdentifier == "]d2")
        #expect(b.rawValue == "010950110153000310ABC123\u{1D}21XYZ")
        #expect(b.rawBytes.contains(0x1D))
    }

    @Test func latin1WithoutECI() throws {
        let text = "Grüße Ärzte"
        let latin1 = Array(text.data(using: .isoLatin1)!)
        let image = try Zint.dataMatrix.render(latin1, ["--binary"])
        let b = try #require(decode(image).first)
        #expect(b.rawValue == text)
        #expect(b.rawBytes == latin1)
        #expect(b.symbologyIdentifier == "]d1")
    }

    @Test func eciUTF8() throws {
        let text = "Grüße, Привет, 日本"
        let image = try Zint.dataMatrix.render(text, ["--eci=26"])
        let b = try #require(decode(image).first)
        #expect(b.rawValue == text)
        #expect(b.rawBytes == Array(text.utf8))
        #expect(b.symbologyIdentifier == "]d4")
        #expect(b.metadata["eci"] == "26")
    }

    @Test func twoSymbolsInOneImage() throws {
        let one = try Zint.dataMatrix.render("first symbol", scale: 3)
        let two = try Zint.dataMatrix.render("SECOND 222", ["--vers=27"], scale: 3)
        let page = LuminanceImage.page(width: 400, height: 300, [(one, 10, 20), (two, 150, 200)])
        let found = decode(page)
        #expect(Set(found.compactMap(\.rawValue)) == ["first symbol", "SECOND 222"])
    }

    @Test func pureWithoutQuietZone() throws {
        let image = try Zint("DATAMATRIX", quietZones: false).render("cropped to the edge", scale: 3)
        var options = DecodeOptions()
        options.pure = true
        let b = try #require(decode(image, options: options).first)
        #expect(b.rawValue == "cropped to the edge")
    }

    @Test func mirroredRotatedInverted() throws {
        let text = "orientation test 0123"
        let image = try Zint.dataMatrix.render(text, scale: 4)
        let m = try #require(decode(image.mirrored()).first)
        #expect(m.rawValue == text)
        #expect(m.isMirrored)
        for angle in [17.0, 90, 135, 200, 300] {
            let r = decode(image.rotated(by: angle, canvas: .square(factor: 1.5))).first
            #expect(r?.rawValue == text, "angle \(angle)")
        }
        let inv = try #require(decode(image.inverted()).first)
        #expect(inv.rawValue == text)
        #expect(inv.isInverted)
    }

    @Test func rectangularMirrored() throws {
        let image = try Zint.dataMatrix.render("rect mirror", ["--vers=29"], scale: 3)
        let b = try #require(decode(image.mirrored()).first)
        #expect(b.rawValue == "rect mirror")
        #expect(b.isMirrored)
        #expect(b.metadata["size"] == "16x36")
    }

    @Test func cornerPointsClockwiseFromTopLeft() throws {
        let image = try Zint.dataMatrix.render("corners", ["--vers=3"], scale: 4)  // 14×14, 4 px modules
        let b = try #require(decode(image).first)
        // zint's quiet zone is one module wide? Compare with the dark bounding box instead.
        var minX = Int.max
        var minY = Int.max
        var maxX = 0
        var maxY = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] < 128 {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x + 1)
                maxY = max(maxY, y + 1)
            }
        }
        let expected = [
            Point(Double(minX), Double(minY)), Point(Double(maxX), Double(minY)),
            Point(Double(maxX), Double(maxY)), Point(Double(minX), Double(maxY)),
        ]
        for (p, e) in zip(b.cornerPoints, expected) { #expect(p.distance(to: e) < 1.5, "\(p) vs \(e)") }
    }

    @Test func structuredAppendSet() throws {
        let parts = try (1...3).map { i in
            try Zint.dataMatrix.render("part \(i);", ["--structapp=\(i),3,001002"])
        }
        let found = parts.compactMap { decode($0).first }
        #expect(found.count == 3)
        #expect(found.map { $0.structuredAppend?.index } == [0, 1, 2])
        #expect(found.allSatisfy { $0.structuredAppend?.count == 3 })
        let whole = try #require(DMStructuredAppend.merge(found.reversed()))
        #expect(whole.rawValue == "part 1;part 2;part 3;")
    }

    @Test func readerProgramming() throws {
        let b = try #require(decode(try Zint.dataMatrix.render("abc", ["--init"])).first)
        #expect(b.rawValue == "abc")
        #expect(b.metadata["reader_initialisation"] == "true")
    }

    @Test func errorCorrectionWithDamagedModules() throws {
        // 4 px modules; paint over a few whole modules inside the data area.
        let text = "Reed-Solomon corrects this"
        let image = try Zint.dataMatrix.render(text, ["--vers=8"], scale: 4)  // 24×24
        var px = image.packedPixels
        let q = (image.width - 24 * 4) / 2
        for (mx, my) in [(5, 5), (6, 5), (12, 9), (17, 14), (9, 18)] {
            for y in 0..<4 {
                for x in 0..<4 {
                    let i = (q + my * 4 + y) * image.width + q + mx * 4 + x
                    px[i] = px[i] < 128 ? 255 : 0
                }
            }
        }
        let damaged = LuminanceImage(width: image.width, height: image.height, pixels: px)
        let b = try #require(decode(damaged).first)
        #expect(b.rawValue == text)
        #expect(Int(b.metadata["corrections"] ?? "0") ?? 0 > 0)
    }
}
