import Foundation
import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

/// End-to-end reads of zint-rendered symbols with exact values.
struct AztecDecodeTests {
    func read(_ image: LuminanceImage) -> [Barcode] {
        AztecDecoder().decode(FrameContext(image: image), options: DecodeOptions())
    }

    static let text = "Aztec Code 2D! 0123456789 abc"

    /// zint --vers: 1–4 compact with that many layers, 5–36 full-range with vers − 4 layers.
    @Test(.enabled(if: Zint.available), arguments: [1, 2, 3, 4, 5, 6, 8, 9, 12, 15, 20, 27, 36])
    func readsEveryKindOfSize(_ vers: Int) throws {
        let text = vers == 1 || vers == 5 ? "Aztec 2D" : Self.text
        let image = try Zint.aztec.render(text, ["--vers=\(vers)"]).padded(8)
        let found = read(image)
        #expect(found.count == 1)
        guard let b = found.first else { return }
        let compact = vers <= 4
        let layers = compact ? vers : vers - 4
        #expect(b.rawValue == text)
        #expect(b.rawBytes == Array(text.utf8))
        #expect(b.metadata["layers"] == String(layers))
        #expect(b.metadata["compact"] == String(compact))
        #expect(b.symbologyIdentifier == "]z0")
        let size = AztecLayers(compact: compact, layers: layers)
        let data = Int(b.metadata["data_codewords"] ?? "") ?? 0
        let share = Int((Double(size.codewordCount - data) * 100 / Double(size.codewordCount)).rounded())
        #expect(b.errorCorrectionLevel == "\(share)%")
        // Corners: clockwise from the top-left, the symbol's outer edge.
        let side = Double(image.width - 16)
        let expected = [Point(8, 8), Point(8 + side, 8), Point(8 + side, 8 + side), Point(8, 8 + side)]
        for (p, q) in zip(b.cornerPoints, expected) { #expect(p.distance(to: q) < 2.5, "\(p) vs \(q)") }
        #expect(!b.isMirrored)
    }

    @Test(.enabled(if: Zint.available), arguments: [0, 25, 255])
    func readsRunes(_ value: Int) throws {
        let image = try Zint("AZRUNE", quietZones: nil).render(String(value)).padded(8)
        let found = read(image)
        #expect(found.count == 1)
        #expect(found.first?.rawValue == String(format: "%03d", value))
        #expect(found.first?.symbologyIdentifier == "]zC")
        #expect(found.first?.metadata["layers"] == "0")
    }

    /// Payloads whose zint encodation (checked by reading its bit stream) uses one kind of shift each:
    /// Digit with an Upper shift (D/L 1…5 U/S A 6…9), Digit with Punctuation shifts (D/L 1 2 P/S : 3 0 …),
    /// a binary shift from Lower (L/L a B/S 1 byte b), a long binary shift (B/S with the 11-bit count:
    /// 40 bytes) and binary bytes between digit runs (D/L 9 9 U/L B/S 1 byte D/L 9 9).
    static let shiftPayloads: [[UInt8]] = [
        Array("12345A6789".utf8),
        Array("12:30, 45.6!".utf8),
        [0x61, 0xE9, 0x62],
        Array("Ab".utf8) + (0..<40).map { UInt8(128 + $0 % 100) } + Array("cd".utf8),
        [0x39, 0x39, 0xFF, 0x39, 0x39],
    ]

    @Test(.enabled(if: Zint.available), arguments: shiftPayloads)
    func readsShiftSequencesExactly(_ payload: [UInt8]) throws {
        let found = read(try Zint.aztec.render(payload, ["--binary"]).padded(8))
        #expect(found.count == 1)
        #expect(found.first?.rawBytes == payload)
        #expect(found.first?.metadata["corrections"] == "0")
    }

    @Test(.enabled(if: Zint.available)) func readsEveryModeWithLatchesAndShifts() throws {
        // Upper, lower, mixed (controls, @ \ ^ _ ` | ~ DEL), punctuation (pairs too), digits, and bytes.
        let payload: [UInt8] =
            Array("ABC def GHI jKl 12345,67.89 @\\^_`|~ !\"#$%&'()*+,-./:;<=>?[]{} \r\n. , : ".utf8)
            + [0x01, 0x07, 0x1B, 0x7F] + Array("xyz 9 Q".utf8) + [0xE9, 0x80, 0xFF] + Array("end".utf8)
        let image = try Zint.aztec.render(payload, ["--binary"]).padded(8)
        let found = read(image)
        #expect(found.count == 1)
        #expect(found.first?.rawBytes == payload)
    }

    @Test(.enabled(if: Zint.available)) func readsBinaryPayload() throws {
        let payload = (0..<300).map { UInt8(($0 * 73 + 11) % 256) }
        let image = try Zint.aztec.render(payload, ["--binary"]).padded(8)
        let found = read(image)
        #expect(found.count == 1)
        #expect(found.first?.rawBytes == payload)
    }

    @Test(.enabled(if: Zint.available)) func readsECI() throws {
        let image = try Zint.aztec.render("Привет", ["--eci=7"]).padded(8)
        let found = read(image)
        #expect(found.first?.rawValue == "Привет")
        #expect(found.first?.metadata["eci"] == "7")
        #expect(found.first?.symbologyIdentifier == "]z3")
    }

    @Test(.enabled(if: Zint.available)) func readsGS1() throws {
        let image = try Zint.aztec.render("[01]09501101530003[17]250101[10]AB12", ["--gs1"]).padded(8)
        let found = read(image)
        #expect(found.count == 1)
        #expect(found.first?.rawValue == "0109501101530003172501011" + "0AB12")
        #expect(found.first?.symbologyIdentifier == "]z1")
        let withGS = try Zint.aztec.render("[10]AB12[01]09501101530003", ["--gs1"]).padded(8)
        #expect(read(withGS).first?.rawValue == "10AB12\u{1D}0109501101530003")
    }

    @Test(.enabled(if: Zint.available)) func readsStructuredAppendSet() throws {
        let parts = ["Part one, ", "part two, ", "part three."]
        var read: [Barcode] = []
        for (i, p) in parts.enumerated() {
            let image = try Zint.aztec.render(p, ["--structapp=\(i + 1),3,MSGID"]).padded(8)
            read += self.read(image)
        }
        #expect(read.count == 3)
        #expect(read.map(\.rawValue) == parts)
        #expect(read.map { $0.structuredAppend?.index } == [0, 1, 2])
        #expect(read.allSatisfy { $0.structuredAppend?.count == 3 && $0.structuredAppend?.id == "MSGID" })
        #expect(read.allSatisfy { $0.symbologyIdentifier == "]z6" })
        let noID = try Zint.aztec.render("solo", ["--structapp=2,4"]).padded(8)
        let b = self.read(noID).first
        #expect(b?.rawValue == "solo")
        #expect(b?.structuredAppend == StructuredAppend(index: 1, count: 4, id: ""))
    }

    @Test(.enabled(if: Zint.available)) func readsReaderInitialisation() throws {
        for vers in [1, 6] {
            let image = try Zint.aztec.render("init-test", ["--init", "--vers=\(vers)"]).padded(8)
            let found = read(image)
            #expect(found.first?.rawValue == "init-test")
            #expect(found.first?.metadata["reader_initialisation"] == "true")
        }
    }

    @Test(.enabled(if: Zint.available)) func correctsDamagedDataCodewords() throws {
        // 50 % check codewords (--secure=4); a 5 × 5-module blot over the outer layers.
        let clean = try Zint.aztec.render(Self.text, ["--vers=6", "--secure=4"]).padded(8)
        var pixels = clean.packedPixels
        for y in 12..<32 { for x in 12..<32 { pixels[y * clean.width + x] = 255 } }
        let damaged = LuminanceImage(width: clean.width, height: clean.height, pixels: pixels)
        let found = read(damaged)
        #expect(found.first?.rawValue == Self.text)
        #expect((Int(found.first?.metadata["corrections"] ?? "") ?? 0) > 0)
    }

    @Test(.enabled(if: Zint.available), arguments: [0.0, 90, 180, 270, 17, 45, 133, 301])
    func readsRotated(_ degrees: Double) throws {
        for vers in [2, 7] {
            let image = try Zint.aztec.render(Self.text, ["--vers=\(vers)"], scale: 4).padded(8).rotated(
                by: degrees, canvas: .square(factor: 1.5))
            let found = read(image)
            #expect(found.first?.rawValue == Self.text, "vers \(vers) at \(degrees)°")
            guard let b = found.first, degrees.truncatingRemainder(dividingBy: 90) == 0 else { continue }
            #expect(abs(b.orientation - degrees) < 2 || abs(b.orientation - degrees) > 358)
        }
    }

    @Test(.enabled(if: Zint.available)) func readsMirrored() throws {
        for vers in [3, 9] {
            let image = try Zint.aztec.render(Self.text, ["--vers=\(vers)"]).padded(8).mirrored()
            let found = read(image)
            #expect(found.first?.rawValue == Self.text)
            #expect(found.first?.isMirrored == true)
            // The symbol's top-left corner is the image's top-right.
            if let tl = found.first?.cornerPoints.first { #expect(tl.x > Double(image.width) / 2 && tl.y < 20) }
        }
    }

    @Test(.enabled(if: Zint.available)) func readsSeveralSymbolsAndNoQuietZone() throws {
        let a = try Zint.aztec.render("first", ["--vers=2"])
        let b = try Zint.aztec.render("second", ["--vers=6"])
        let c = try Zint.aztec.render("third", ["--vers=1"]).rotated(by: 30, canvas: .square(factor: 1.5))
        let page = LuminanceImage.page(width: 400, height: 300, [(a, 20, 20), (b, 200, 40), (c, 60, 150)])
        let found = read(page)
        #expect(Set(found.compactMap(\.rawValue)) == ["first", "second", "third"])
        // Symbol flush against the image border.
        #expect(read(a).first?.rawValue == "first")
    }

    @Test(.enabled(if: Zint.available)) func readsInvertedThroughTheRegistry() throws {
        let image = try Zint.aztec.render("negative", ["--vers=2"]).padded(8).inverted()
        #expect(read(image).isEmpty)
        let registry = DecoderRegistry([AztecDecoder()])
        let found = registry.decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.first?.rawValue == "negative")
        #expect(found.first?.isInverted == true)
    }
}
