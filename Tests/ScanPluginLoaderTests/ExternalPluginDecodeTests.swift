import Foundation
import PluginTestSupport
import ScanCore
import Synchronization
import Testing

@testable import ScanPluginLoader

/// Decoding through a loaded library: the plane and options it is given, and every result it sends
/// checked before it becomes a Barcode.
@Suite struct ExternalPluginDecodeTests {
    func load(_ file: String, defines: [String] = [], lines: Lines = Lines()) throws -> ExternalPlugin {
        var registry = DecoderRegistry()
        return try registry.loadPlugin(at: try TestPlugins.build(file, defines: defines), diagnostics: lines.sink)
    }

    @Test func thePluginGetsTheFramesPlaneWithItsStrideAndOffset() throws {
        let plugin = try load("echo")
        let image = try gradient(width: 40, height: 30).cropped(x: 5, y: 3, width: 20, height: 10)
        let codes = plugin.decode(FrameContext(image: image), options: DecodeOptions())
        try #require(codes.count == 1)
        let c = codes[0]
        #expect(c.format == "testcode")
        #expect(c.rawValue == "20x10")
        #expect(c.rawBytes == Array("20x10".utf8))
        #expect(c.symbologyIdentifier == "]X0")
        #expect(c.cornerPoints == [Point(0, 0), Point(20, 0), Point(20, 10), Point(0, 10)])
        #expect(c.orientation == 0)
        // Pixel (5, 3) of the gradient is 35, pixel (24, 12) is 144; rows are 40 bytes apart.
        #expect(c.metadata["stride"] == "40")
        #expect(c.metadata["first"] == "35")
        #expect(c.metadata["last"] == "144")
        #expect(c.metadata["wanted"] == "testcode")
        // try_harder, try_rotate, pure, search_whole_frame / max_symbols / min_line_agreement / binarizer.
        #expect(c.metadata["options"] == "1100/0/2/0")
    }

    @Test func theOptionsCrossAsTheHeaderSays() throws {
        let plugin = try load("echo-options", defines: [#"TP_FORMATS="testcode","othercode""#])
        var o = DecodeOptions()
        o.tryHarder = false
        o.pure = true
        o.searchWholeFrame = true
        o.maxSymbols = 3
        o.minLineAgreement = 1
        o.binarizer = .globalHistogram
        o.formats = ["othercode", .qrcode]
        let codes = plugin.decode(FrameContext(image: gradient(width: 8, height: 8)), options: o)
        #expect(codes.map { $0.metadata["options"] } == ["0111/3/1/1"])
        #expect(codes.map { $0.metadata["wanted"] } == ["othercode"])
        #expect(codes.map(\.format) == ["othercode"])
    }

    @Test func aPluginIsNotCalledForFormatsNobodyWants() throws {
        let plugin = try load("echo")
        var o = DecodeOptions()
        o.formats = [.qrcode]
        #expect(plugin.decode(FrameContext(image: gradient(width: 8, height: 8)), options: o).isEmpty)
    }

    @Test func garbageIsDroppedAndReportedAndTheGoodResultsAreKept() throws {
        let lines = Lines()
        let plugin = try load("garbage", defines: ["TP_BEHAVIOUR=1"], lines: lines)
        let codes = plugin.decode(FrameContext(image: gradient(width: 100, height: 50)), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == ["good-1", nil, "good-2"])
        #expect(codes[1].rawBytes == [1, 2, 3])
        #expect(codes[1].cornerPoints[0] == Point(-0.5, 0))
        let prefix = "plugin 'test-plugin' (\(plugin.path)): result dropped: "
        #expect(
            lines.all
                == [
                    "emit was called with NULL",
                    "corner 2 is not a finite point",
                    "corner 1 is not a finite point",
                    "corner 3 (310.0, 50.0) is far outside the 100x50 image",
                    "its text is not UTF-8 or longer than 1048576 bytes",
                    "it has neither text nor bytes",
                    "its bytes are NULL with a count of 5",
                    "its byte count 1099511627776 is over 1048576",
                    "its format 'notdeclared' is not one the plugin declared",
                    "its format is NULL",
                    "the symbology identifier 'E0' is not ']' + letter + letter or digit",
                    "its symbology identifier is NULL",
                    "its metadata key 0 has no value",
                    "the metadata key 'Bad Key' is not 1 to 64 characters from a-z, 0-9 and '_'",
                ].map { prefix + $0 })
    }

    @Test func aFloodStopsAtTheLimitAndIsCountedOnce() throws {
        let lines = Lines()
        let plugin = try load("flood", defines: ["TP_BEHAVIOUR=2"], lines: lines)
        let codes = plugin.decode(FrameContext(image: gradient(width: 10, height: 10)), options: DecodeOptions())
        #expect(codes.count == 256)
        #expect(
            lines.all == [
                "plugin 'test-plugin' (\(plugin.path)): 9744 results sent after emit returned SCANCTL_STOP were dropped"
            ])
    }

    @Test func maxSymbolsStopsAPluginThatListens() throws {
        let lines = Lines()
        let plugin = try load("stop", defines: ["TP_BEHAVIOUR=4"], lines: lines)
        var o = DecodeOptions()
        o.maxSymbols = 2
        let codes = plugin.decode(FrameContext(image: gradient(width: 10, height: 10)), options: o)
        #expect(codes.map(\.rawValue) == ["stop-1", "stop-2"])
        #expect(lines.all.isEmpty)
        // Without a limit the host stops it at 256.
        let all = plugin.decode(FrameContext(image: gradient(width: 10, height: 10)), options: DecodeOptions())
        #expect(all.count == 256 && all.last?.rawValue == "stop-256")
        #expect(lines.all.isEmpty)
    }

    @Test func aFailedCallKeepsWhatCameBeforeAndSaysWhy() throws {
        let lines = Lines()
        let plugin = try load("fail", defines: ["TP_BEHAVIOUR=3"], lines: lines)
        let codes = plugin.decode(FrameContext(image: gradient(width: 10, height: 10)), options: DecodeOptions())
        #expect(codes.map(\.rawValue) == ["before-error"])
        #expect(lines.all == ["plugin 'test-plugin' (\(plugin.path)): decode failed: out of cheese"])
    }

    @Test func problemsAreReportedUpToTheLimit() throws {
        let lines = Lines()
        let plugin = try load("garbage-limit", defines: ["TP_BEHAVIOUR=1"], lines: lines)
        for _ in 0..<3 {
            _ = plugin.decode(FrameContext(image: gradient(width: 10, height: 10)), options: DecodeOptions())
        }
        #expect(plugin.diagnostics.count == 42)
        #expect(lines.all.count == PluginDiagnostics.limit + 1)
        #expect(
            lines.all.last == "plugin 'test-plugin' (\(plugin.path)): further problems of this plugin are not reported")
    }

    @Test func decodeRunsOnSeveralThreadsAtOnce() throws {
        let plugin = try load("echo")
        let images = (1...16).map { gradient(width: 10 + $0, height: 5 + $0) }
        let texts = Mutex([String?](repeating: nil, count: images.count))
        DispatchQueue.concurrentPerform(iterations: images.count) { i in
            let text = plugin.decode(FrameContext(image: images[i]), options: DecodeOptions()).first?.rawValue
            texts.withLock { $0[i] = text }
        }
        #expect(texts.withLock { $0 } == images.map { "\($0.width)x\($0.height)" })
    }

    @Test func theRegistryRunsALoadedPluginLikeABuiltInOne() throws {
        var registry = DecoderRegistry([StandInDecoder(name: "builtin", formats: [.ean13])])
        try registry.loadPlugin(at: try TestPlugins.build("echo"))
        var o = DecodeOptions()
        o.formats = ["testcode"]
        #expect(
            registry.decode(FrameContext(image: gradient(width: 12, height: 9)), options: o).map(\.rawValue) == ["12x9"]
        )
        o.formats = [.ean13]
        #expect(registry.decode(FrameContext(image: gradient(width: 12, height: 9)), options: o).isEmpty)
    }
}
