import Synchronization
import Testing

@testable import ScanCore

/// A test plugin: reports one `telepen` symbol "X" at fixed corners when pixel (0, 0) is dark.
private struct DarkCornerDecoder: SymbologyDecoder {
    var name: String { "dark-corner" }
    var formats: Set<BarcodeFormat> { [BarcodeFormat("telepen")] }
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        guard frame.image[0, 0] < 128 else { return [] }
        return [
            Barcode(
                format: BarcodeFormat("telepen"), rawValue: "X", rawBytes: [88],
                cornerPoints: [Point(0, 0), Point(10, 0), Point(10, 5), Point(0, 5)],
                symbologyIdentifier: "]B0")
        ]
    }
}

/// A test plugin of a given kind that reports fixed symbols on every frame.
private struct FixedDecoder: SymbologyDecoder {
    var name: String { "fixed-\(kind.rawValue)" }
    var kind: SymbologyKind
    var symbols: [Barcode]
    var formats: Set<BarcodeFormat> { Set(symbols.map(\.format)) }
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] { symbols }
}

/// A test plugin that reads `positive` in a frame and `negative` in its negative (``FrameContext/isInverted``).
private struct PolarityDecoder: SymbologyDecoder {
    var name: String { "polarity" }
    var positive: [Barcode]
    var negative: [Barcode]
    var formats: Set<BarcodeFormat> { Set((positive + negative).map(\.format)) }
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        frame.isInverted ? negative : positive
    }
}

/// A test plugin (matrix) that reads nothing and keeps, per call, the outlines of the symbols its frame
/// says were read before it.
private final class OutlineRecorder: SymbologyDecoder {
    let seen = Mutex<[[[Point]]]>([])
    var name: String { "outline-recorder" }
    var formats: Set<BarcodeFormat> { [BarcodeFormat("telepen")] }
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        seen.withLock { $0.append(frame.readOutlines) }
        return []
    }
}

/// A test linear plugin whose row decoder reads nothing.
private struct SilentLinearDecoder: LinearSymbologyDecoder {
    struct Rows: LinearRowDecoder {
        func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] { [] }
    }
    var name: String { "silent-linear" }
    var formats: Set<BarcodeFormat> { [BarcodeFormat("telepen")] }
    var rowDecoder: Rows { Rows() }
}

/// A symbol of `format` with the outline of the rectangle x0..<x1, y0..<y1.
private func symbol(_ format: BarcodeFormat, _ value: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
    -> Barcode
{
    Barcode(
        format: format, rawValue: value, rawBytes: Array(value.utf8),
        cornerPoints: [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)], symbologyIdentifier: "]X0")
}

struct RegistryTests {
    let registry = DecoderRegistry([DarkCornerDecoder()])

    @Test func onlyPluginsForWantedFormatsRun() {
        var options = DecodeOptions()
        options.formats = [.ean13]
        #expect(registry.decoders(for: options.formats).isEmpty)
        #expect(
            registry.decode(
                FrameContext(image: LuminanceImage(width: 4, height: 4, filledWith: 0)),
                options: options
            ).isEmpty)
        #expect(registry.formats == [BarcodeFormat("telepen")])
    }

    @Test func invertedRetrySetsTheFlag() {
        let light = FrameContext(image: LuminanceImage(width: 4, height: 4, filledWith: 255))
        var options = DecodeOptions()
        let found = registry.decode(light, options: options)
        #expect(found.count == 1)
        #expect(found.first?.isInverted == true)
        options.tryInvert = false
        #expect(registry.decode(light, options: options).isEmpty)
    }

    /// A place holds one symbol: the negative's read of a dark-on-light symbol's place (its spaces read as
    /// bars) is not reported beside it; a light-on-dark symbol elsewhere in the frame is.
    @Test func theNegativeOfASymbolReadIsNotAnotherSymbol() {
        let format = BarcodeFormat("telepen")
        let plugin = PolarityDecoder(
            positive: [symbol(format, "P", 0, 0, 40, 10)],
            negative: [symbol(format, "N", 20, 2, 60, 12), symbol(format, "L", 0, 30, 40, 40)])
        let frame = FrameContext(image: LuminanceImage(width: 4, height: 4, filledWith: 128))
        let found = DecoderRegistry([plugin]).decode(frame, options: DecodeOptions())
        #expect(found.map(\.rawValue) == ["P", "L"])
        #expect(found.map(\.isInverted) == [false, true])
    }

    @Test func downscaledResultsMapBackToFullResolution() {
        // Pixel (0,0) is light at full size but its 2x2 block mean is dark.
        let width = DecoderRegistry.downscaleThreshold + 200
        var px = [UInt8](repeating: 0, count: width * 10)
        px[0] = 255
        let ctx = FrameContext(image: LuminanceImage(width: width, height: 10, pixels: px))
        var options = DecodeOptions()
        options.tryInvert = false
        let found = registry.decode(ctx, options: options)
        #expect(found.first?.cornerPoints == [Point(0, 0), Point(20, 0), Point(20, 10), Point(0, 10)])
    }

    @Test func linearSymbolsInsideA2DSymbolAreNotReported() {
        // A UPC-E read along a line through a PDF417 symbol's rows is part of that symbol; one beside it
        // is a symbol of its own.
        let registry = DecoderRegistry([
            FixedDecoder(
                kind: .linear,
                symbols: [symbol(.upce, "01234565", 20, 40, 60, 42), symbol(.upce, "04252614", 120, 40, 160, 70)]),
            FixedDecoder(kind: .stacked, symbols: [symbol(.pdf417, "text", 10, 10, 100, 90)]),
        ])
        var options = DecodeOptions()
        options.tryInvert = false
        let found = registry.decode(
            FrameContext(image: LuminanceImage(width: 200, height: 100, filledWith: 255)), options: options)
        #expect(found.map(\.rawValue) == ["text", "04252614"])
    }

    @Test func aPieceOfALongerLinearReadIsAFragmentOfIt() {
        // A cut across an ITF's bars: one reading stopped at the cut, another read the whole symbol. The
        // same digits read elsewhere are another symbol.
        let whole = symbol(.itf, "03133391968479", 10, 10, 190, 50)
        let piece = symbol(.itf, "0313339196", 10, 20, 140, 40)
        let elsewhere = symbol(.itf, "0313339196", 10, 60, 140, 90)
        #expect(DecoderRegistry.isFragment(piece, of: whole))
        #expect(!DecoderRegistry.isFragment(whole, of: piece))
        #expect(!DecoderRegistry.isFragment(elsewhere, of: whole))
        // The same bytes as a run of a longer read, though as long along the line.
        let sameLength = symbol(.itf, "0313339196", 10, 20, 190, 40)
        #expect(DecoderRegistry.isFragment(sameLength, of: whole))
    }

    @Test func aShortLinearReadInsideALongerOneIsAFragmentWhateverItsFormat() {
        // A UPC-E read along a line slanted across a Code 93's bars (stress seed 61, symbol 105) lies in the
        // Code 93's outline and is shorter: the bars are the Code 93's. A UPC-E beside it is a symbol, and
        // a read as long as the Code 93 is no piece of it.
        let code93 = symbol(.code93, "zj$Ee_nx", 40, 40, 680, 170)
        #expect(DecoderRegistry.isFragment(symbol(.upce, "02384816", 500, 130, 660, 135), of: code93))
        #expect(!DecoderRegistry.isFragment(symbol(.upce, "04252614", 700, 40, 780, 90), of: code93))
        #expect(!DecoderRegistry.isFragment(code93, of: symbol(.upce, "02384816", 500, 130, 660, 135)))
        #expect(!DecoderRegistry.isFragment(symbol(.code39, "ABC", 40, 60, 680, 100), of: code93))
    }

    @Test func laterPluginsOfAPassKnowWhatEarlierOnesRead() {
        // Two symbols never share their area: a plugin after one that read a symbol is told its outline
        // (and its candidate blocks are cleared), one before it is not.
        let qr = symbol(.qrcode, "text", 10, 10, 100, 90)
        let after = OutlineRecorder(), before = OutlineRecorder()
        let registry = DecoderRegistry([before, FixedDecoder(kind: .matrix, symbols: [qr]), after])
        var options = DecodeOptions()
        options.tryInvert = false
        let found = registry.decode(
            FrameContext(image: LuminanceImage(width: 200, height: 100, filledWith: 255)), options: options)
        #expect(found.map(\.rawValue) == ["text"])
        #expect(before.seen.withLock { $0.first } == [])
        #expect(after.seen.withLock { $0.first } == [qr.cornerPoints])
    }

    @Test func duplicatesAreMergedAndMaxSymbolsHolds() {
        let a = Barcode(
            format: .ean13, rawValue: "1", rawBytes: [49],
            cornerPoints: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)],
            symbologyIdentifier: "]E0")
        var b = a
        b.cornerPoints = a.cornerPoints.map { $0 + Point(5, 5) }
        var far = a
        far.cornerPoints = a.cornerPoints.map { $0 + Point(50, 0) }
        #expect(DecoderRegistry.removingDuplicates([a, b, far]).count == 2)
    }

    /// The trace is told each plugin's part of each pass, in order, the first pass first, and tracing
    /// changes nothing of what is read.
    @Test func traceTellsEachPluginsPartOfEachPass() {
        let frame = LuminanceImage(width: 4, height: 4, filledWith: 0)
        let parts = Mutex<[PassTiming]>([])
        let traced = registry.decode(FrameContext(image: frame), options: DecodeOptions()) { t in
            parts.withLock { $0.append(t) }
        }
        let plain = registry.decode(FrameContext(image: frame), options: DecodeOptions())
        #expect(traced.map(\.rawValue) == ["X"])
        #expect(traced.map(\.rawValue) == plain.map(\.rawValue))
        let seen = parts.withLock { $0 }
        #expect(seen.first?.pass.kind == nil)
        #expect(seen.first?.plugin == "dark-corner")
        #expect(seen.allSatisfy { $0.plugin == "dark-corner" && $0.milliseconds >= 0 })
        let planned = DecodePass.plan(DecodeOptions(), width: 4, height: 4)
        #expect(seen.allSatisfy { planned.contains($0.pass) })
        // The passes come in the plan's order.
        let order = seen.compactMap { t in planned.firstIndex(of: t.pass) }
        #expect(order == order.sorted())
    }

    /// Every linear plugin of a pass is one part, the scan-line engine's, after the pass's other plugins.
    @Test func theLinearEngineIsOnePartOfAPass() {
        let registry = DecoderRegistry([SilentLinearDecoder(), DarkCornerDecoder(), SilentLinearDecoder()])
        let parts = Mutex<[PassTiming]>([])
        var options = DecodeOptions()
        options.tryInvert = false
        options.tryDownscale = false
        options.tryHarder = false
        _ = registry.decode(FrameContext(image: LuminanceImage(width: 4, height: 4, filledWith: 0)), options: options) {
            t in parts.withLock { $0.append(t) }
        }
        let seen = parts.withLock { $0 }
        #expect(seen.map(\.plugin) == ["dark-corner", PassTiming.linearEngine])
        #expect(seen.allSatisfy { $0.pass.kind == nil })
    }
}
