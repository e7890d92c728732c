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
}
