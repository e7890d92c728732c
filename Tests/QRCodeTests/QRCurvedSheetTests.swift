import Foundation
import ScanCore
import ScanImageIO
import ScanTestSupport
import Testing

@testable import QRCode

/// Large QR Codes (versions 14 to 30) printed on a sheet bent round a vertical cylinder, as a label on a
/// bottle or a page lifting off a table is: the columns crowd towards the sides and the rows sag. One
/// global transform misses the middle alignment patterns by more than the search radius, so
/// ``QRDetector/alignmentMapping(_:_:)`` must follow them from neighbour to neighbour, and with a stronger
/// bend the modules between them must follow the sheet's curve (``QRDetector/surfaceMapping(_:)``).
struct QRCurvedSheetTests {
    /// The symbol of `version` (level M) holding `text`, drawn at 6 pixels a module with a 4-module quiet
    /// zone (``SymbolRenderer``), then bent: `bend` is the half-angle of the cylinder arc the sheet covers
    /// (radians), `sag` how far its top and bottom rows dip at the sides (in modules), and the view `scale`
    /// times the flat size across.
    static func bentSymbol(_ text: String, version: Int, bend: Double, sag: Double, scale: Double) throws
        -> LuminanceImage
    {
        var options = EncodeOptions()
        options.errorCorrectionLevel = "M"
        options.version = version
        let symbol = try #require(try QRCodeEncoder().encode(.text(text), format: .qrcode, options: options).first)
        let module = 6
        var style = SymbolStyle()
        style.scale = module
        style.quietZone = 4
        let flat = SymbolRenderer.luminance(symbol, style: style)
        let side = flat.width
        let out = Int((Double(side) * scale).rounded()) + 20
        let half = Double(out) / 2 - 10
        let sagPixels = sag * Double(module)
        // The view of a point at angle θ on the cylinder lies at sin θ across; the sheet's position is θ.
        return flat.resampled(width: out, height: out, ground: 255) { x, y in
            let u = (x - Double(out) / 2) / half, v = (y - Double(out) / 2) / half
            let across = max(-1, min(1, u * sin(bend)))
            let theta = asin(across) / bend
            let dip = sagPixels * (1 - cos(theta * bend)) / (1 - cos(bend))
            let sy = (v + 1) / 2 * Double(side) - dip * (v < 0 ? -1 : 1) * abs(v)
            return Point((theta + 1) / 2 * Double(side), sy)
        }
    }

    static func text(_ seed: Int, length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        return String(
            (0..<length).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return alphabet[Int(state >> 33) % alphabet.count]
            })
    }

    /// Version 30 (137 modules, 6 × 6 alignment centres) at about 3.6 pixels a module in the middle, on an arc of
    /// ±34°, flat and with the rows sagging 1.5 modules at the sides. Predicted by the global transform
    /// alone, the middle patterns lie outside the search radius and the symbol does not read.
    @Test(arguments: [0.0, 1.5])
    func bentLargeSymbolReads(sag: Double) throws {
        let value = Self.text(30, length: 40)
        let image = try Self.bentSymbol(value, version: 30, bend: 0.6, sag: sag, scale: 0.6)
        let found = DecoderRegistry([QRCodeDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.map(\.rawValue) == [value])
    }

    /// An arc of ±46°: the columns of each cell of alignment centres crowd towards the sides, which the
    /// cells' homographies spread evenly by up to half a module; the surface through all the centres
    /// (``QRDetector/surfaceMapping(_:)``) follows the bend.
    @Test(arguments: [(14, 0.0), (22, 0.0), (22, 1.5)])
    func strongBendReadsThroughTheSurface(version: Int, sag: Double) throws {
        let value = Self.text(version, length: 40)
        let image = try Self.bentSymbol(value, version: version, bend: 0.8, sag: sag, scale: 0.6)
        let found = DecoderRegistry([QRCodeDecoder()]).decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.map(\.rawValue) == [value])
    }
}
