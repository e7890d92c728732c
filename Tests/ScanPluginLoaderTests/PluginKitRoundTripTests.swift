import CScanPlugin
import Foundation
import ScanCore
import ScanPluginKit
import Testing

@testable import ScanPluginLoader

/// A Swift decoder exported with ScanPluginKit and adopted by the loader in the same process: what it
/// returns arrives unchanged through the C table.
@Suite struct PluginKitRoundTripTests {
    /// Reports what it was asked, at a fixed place.
    struct ProbeDecoder: SymbologyDecoder {
        var name = "probe"
        var formats: Set<BarcodeFormat> = ["probe", "probe2"]
        var payload: String? = "ping"
        var bytes: [UInt8] = Array("ping".utf8)
        func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
            let wanted = options.formats.sorted().map(\.name).joined(separator: ",")
            let flags = [options.tryHarder, options.tryRotate, options.pure, options.tryInvert, options.tryDownscale]
                .map { $0 ? "1" : "0" }.joined()
            return [
                Barcode(
                    format: "probe", rawValue: payload, rawBytes: bytes,
                    cornerPoints: [Point(10, 5), Point(10, 25), Point(2.5, 25), Point(2.5, 5)],
                    symbologyIdentifier: "]Z9",
                    metadata: [
                        "wanted": wanted, "flags": flags, "size": "\(frame.width)x\(frame.height)",
                        "pixel": "\(frame.image[1, 1])",
                    ]),
                Barcode(
                    format: "probe2", rawValue: "second", rawBytes: [], cornerPoints: [], symbologyIdentifier: "]Z0"),
            ]
        }
    }

    func adopt(_ decoder: some SymbologyDecoder, kind: PluginKind = .matrix) throws -> ExternalPlugin {
        let raw = try #require(PluginExport.table(for: decoder, kind: kind, hostABIVersion: PluginABIRules.abiVersion))
        let table = try PluginLibrary.adopt(raw.assumingMemoryBound(to: scanctl_plugin.self), path: "in-process")
        return ExternalPlugin(
            table: table, path: "in-process", resolvedPath: "in-process",
            diagnostics: PluginDiagnostics(plugin: table.name, path: "in-process", sink: { _ in }))
    }

    @Test func theTableDeclaresTheDecodersNameFormatsAndKind() throws {
        let plugin = try adopt(ProbeDecoder(), kind: .stacked)
        #expect(plugin.name == "probe")
        #expect(plugin.formats == ["probe", "probe2"])
        #expect(plugin.kind == .stacked)
    }

    @Test func resultsCrossUnchanged() throws {
        let plugin = try adopt(ProbeDecoder())
        var o = DecodeOptions()
        o.formats = ["probe"]
        o.pure = true
        let image = try gradient(width: 30, height: 30).cropped(x: 2, y: 3, width: 20, height: 26)
        let codes = plugin.decode(FrameContext(image: image), options: o)
        try #require(codes.count == 1)
        let c = codes[0]
        #expect(c.format == "probe")
        #expect(c.rawValue == "ping")
        #expect(c.rawBytes == Array("ping".utf8))
        #expect(c.symbologyIdentifier == "]Z9")
        #expect(c.cornerPoints == [Point(10, 5), Point(10, 25), Point(2.5, 25), Point(2.5, 5)])
        #expect(c.orientation == 90)
        // Pixel (1, 1) of the crop is (3, 4) of the gradient: 43. Inversion and downscaling stay off
        // inside the plugin (the host runs those passes).
        #expect(c.metadata == ["wanted": "probe", "flags": "11100", "size": "20x26", "pixel": "43"])
    }

    /// An EAN/UPC decoder's typed facts (add-on, a UPC-E's UPC-A) cross as metadata and arrive typed.
    struct UPCEDecoder: SymbologyDecoder {
        var name = "upce-probe"
        var formats: Set<BarcodeFormat> = [.upce]
        func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
            [
                Barcode(
                    format: .upce, rawValue: "0123456512", rawBytes: Array("0123456512".utf8),
                    cornerPoints: [Point(1, 1), Point(20, 1), Point(20, 9), Point(1, 9)], symbologyIdentifier: "]E3",
                    addOn: "12", upcA: "012345000065")
            ]
        }
    }

    @Test func typedFactsCrossAsMetadataAndArriveTyped() throws {
        let plugin = try adopt(UPCEDecoder(), kind: .linear)
        let codes = plugin.decode(FrameContext(image: gradient(width: 30, height: 30)), options: DecodeOptions())
        let c = try #require(codes.first)
        #expect(c.addOn == "12")
        #expect(c.upcA == "012345000065")
        #expect(c.metadata.isEmpty)
    }

    @Test func aPayloadWithANulCharacterCrossesAsBytes() throws {
        let plugin = try adopt(ProbeDecoder(payload: "a\u{0}b", bytes: [0x61, 0, 0x62]))
        let codes = plugin.decode(FrameContext(image: gradient(width: 30, height: 30)), options: DecodeOptions())
        try #require(codes.count == 2)
        #expect(codes.first?.rawValue == nil)
        #expect(codes.first?.rawBytes == [0x61, 0, 0x62])
        // A result without corners crosses as four zero corners (still a valid result).
        #expect(codes.last?.cornerPoints == [Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0)])
        #expect(codes.last?.rawBytes == Array("second".utf8))
    }

    @Test func aDecoderBreakingTheRulesIsNotExported() {
        #expect(
            throws: PluginExport.Problem(
                description: "the plugin name 'Probe' has characters other than a-z, 0-9, '.', '_' and '-'")
        ) {
            try PluginExport.check(ProbeDecoder(name: "Probe"))
        }
        #expect(
            throws: PluginExport.Problem(description: "the format name 'qr-code' has characters other than a-z and 0-9")
        ) {
            try PluginExport.check(ProbeDecoder(formats: ["qr-code"]))
        }
        #expect(PluginExport.table(for: ProbeDecoder(formats: []), kind: .linear, hostABIVersion: 1) == nil)
    }

    @Test func anOlderHostGetsNoTable() {
        #expect(PluginExport.table(for: ProbeDecoder(), kind: .linear, hostABIVersion: 0) == nil)
    }
}
