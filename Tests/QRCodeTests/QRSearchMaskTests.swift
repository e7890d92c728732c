import ScanCore
import ScanTestSupport
import Testing

@testable import QRCode

/// The QR plugin searches only near the frame's candidate blocks (``QRCodeDecoder/searchMargin``): these
/// frames are large enough to be masked, and hold symbols whose finder patterns are far from where the
/// candidate map marks them (large modules; strong perspective that stretches modules into parallel edges).
struct QRSearchMaskTests {
    /// A 1280×720 mid-grey frame with `symbol` (quiet zone included, light 230 / dark 20) mapped onto the
    /// quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left, frame pixels).
    static func frame(_ symbol: GeneratedSymbol, corners: (Point, Point, Point, Point)) -> LuminanceImage {
        let q = symbol.quietZone
        let n = Double(symbol.modules.width + 2 * q)
        let toModules = PerspectiveTransform(
            from: corners, to: (Point(0, 0), Point(n, 0), Point(n, n), Point(0, n)))
        let w = 1280, h = 720
        var pixels = [UInt8](repeating: 128, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let m = toModules.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard m.x >= 0, m.y >= 0, m.x < n, m.y < n else { continue }
                let mx = Int(m.x) - q, my = Int(m.y) - q
                let inside = mx >= 0 && my >= 0 && mx < symbol.modules.width && my < symbol.modules.height
                pixels[y * w + x] = inside && symbol.modules[mx, my] ? 20 : 230
            }
        }
        return LuminanceImage(width: w, height: h, pixels: pixels)
    }

    static func symbol(_ text: String) throws -> GeneratedSymbol {
        try #require(try QRCodeEncoder().encode(.text(text), format: .qrcode, options: EncodeOptions()).first)
    }

    func read(_ image: LuminanceImage) -> [String] {
        DecoderRegistry([QRCodeDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
            .compactMap(\.rawValue)
    }

    /// Version 2 at 20 pixels per module: 25 × 20 = 500 pixels, 660 with the quiet zone.
    @Test func largeModules() throws {
        let s = try Self.symbol("https://example.com/large")
        #expect(s.modules.width == 25)
        let side = Double(s.modules.width + 2 * s.quietZone) * 20
        let image = Self.frame(
            s,
            corners: (
                Point(300, 30), Point(300 + side, 30), Point(300 + side, 30 + side),
                Point(300, 30 + side)
            ))
        #expect(
            !CandidateMask(
                FrameContext(image: image), options: DecodeOptions(), linear: true, matrix: true,
                margin: QRCodeDecoder.searchMargin
            ).isWholeFrame)
        #expect(read(image) == ["https://example.com/large"])
    }

    /// Strong perspective and shear: one side of the symbol three times the other, the modules drawn out
    /// into long parallel edges.
    @Test func strongPerspective() throws {
        let s = try Self.symbol("PERSPECTIVE 2026")
        let image = Self.frame(s, corners: (Point(420, 220), Point(900, 40), Point(860, 520), Point(380, 470)))
        #expect(read(image) == ["PERSPECTIVE 2026"])
    }

    /// Small modules under strong perspective (about 2.5 pixels a module on the far side, 5 on the near
    /// one): every block of the symbol has edges, so its finder patterns lie in the mask and the
    /// masked search reads it without searching the whole matrix
    /// (``QRCodeDecoder/partnersOutsideMask``).
    @Test func smallModulesStrongPerspective() throws {
        let s = try Self.symbol("SMALL 2026")
        let image = Self.frame(s, corners: (Point(600, 300), Point(690, 280), Point(770, 460), Point(590, 450)))
        let mask = CandidateMask(
            FrameContext(image: image), options: DecodeOptions(), linear: true, matrix: true,
            margin: QRCodeDecoder.searchMargin)
        #expect(!mask.isWholeFrame && mask.coverage < QRCodeDecoder.wholeMatrixCoverage)
        #expect(read(image) == ["SMALL 2026"])
    }
}

/// Close-ups in video frames: modules larger than a candidate block leave the frame's blocks with one
/// straight edge or none, so only the registry's coarse-only downscaled passes see the symbol
/// (``DecodePass/coarseOnly``).
struct QRCloseUpTests {
    /// Version 1 at 26, 30 and 32 pixels a module (546–672 px) in a 1280 × 720 frame.
    @Test(arguments: [26, 30, 32])
    func closeUpInAVideoFrame(module: Int) throws {
        let s = try QRSearchMaskTests.symbol("CLOSE UP 2026")
        // The symbol with its quiet zone, centred on (820, 360) (the quiet zone partly outside the frame).
        let half = Double((s.modules.width + 2 * s.quietZone) * module) / 2
        let image = QRSearchMaskTests.frame(
            s,
            corners: (
                Point(820 - half, 360 - half), Point(820 + half, 360 - half), Point(820 + half, 360 + half),
                Point(820 - half, 360 + half)
            ))
        let inner = half - Double(s.quietZone * module)
        let corners = [
            Point(820 - inner, 360 - inner), Point(820 + inner, 360 - inner), Point(820 + inner, 360 + inner),
            Point(820 - inner, 360 + inner),
        ]
        let read = DecoderRegistry([QRCodeDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
        #expect(read.map(\.rawValue) == ["CLOSE UP 2026"])
        #expect(CloseUpFrame.cornersMatch(read.first?.cornerPoints ?? [], corners))
    }
}
