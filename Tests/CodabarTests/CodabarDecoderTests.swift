import ScanCore
import ScanTestSupport
import Testing

@testable import Codabar

struct CodabarDecoderTests {
    func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
        CodabarDecoder().decode(image, configure)
    }

    func image(_ text: String, module: Double = 3, ratio: Double = 2.5) -> LuminanceImage {
        BarRenderer(module: module).render(CodabarTestEncoder.widths(text, ratio: ratio))
    }

    @Test(arguments: ["A", "B", "C", "D"], ["A", "B", "C", "D"])
    func everyStartStopPair(start: String, stop: String) throws {
        let raw = start + "40156-$:/.+" + stop
        let b = try LinearSymbolChecks.expectOneSymbol(
            decode(image(raw)), format: .codabar, value: raw, identifier: "]F0")
        #expect(b.displayValue == "40156-$:/.+")
        #expect(b.metadata["start"] == start)
        #expect(b.metadata["stop"] == stop)
    }

    @Test func minimumLength() {
        let short = image("A12B")
        #expect(decode(short).isEmpty)  // default: 3 data characters
        #expect(decode(short) { $0.codabarMinLength = 2 }.first?.rawValue == "A12B")
        #expect(decode(image("A123B")).first?.rawValue == "A123B")
    }

    @Test(arguments: [2.0, 3.0])
    func wideToNarrowRatios(ratio: Double) {
        #expect(decode(image("C0123456789D", ratio: ratio)).first?.rawValue == "C0123456789D")
    }

    @Test(arguments: [1, 2, 3])
    func rotatedSymbolsRead(quarterTurns: Int) throws {
        try LinearSymbolChecks.expectOneTurnedRead(
            image("B31117013206375C"), value: "B31117013206375C", quarterTurns: quarterTurns, decoder: CodabarDecoder())
    }

    /// Small modules (3 px), a 2:1 ratio and a slant read only by a slanted line family (26° from the
    /// rows, 4° from the 150° lines): the slanted lines must sample between pixels and the reader use
    /// sub-pixel widths, or the narrow and wide elements (3 and 6 px) blur into each other.
    @Test(arguments: [154.0, 334.0])
    func slantedSmallModulesRead(degrees: Double) throws {
        var renderer = BarRenderer(module: 3)
        renderer.barHeight = 150
        renderer.margin = 20
        let raw = "D1009:///:1.-:4A"
        let found = decode(renderer.render(CodabarTestEncoder.widths(raw, ratio: 2)).rotated(by: degrees, ground: 230))
        #expect(DecoderRegistry.removingDuplicates(found).map(\.rawValue) == [raw])
    }

    @Test func cornerPointsSpanTheBars() throws {
        try LinearSymbolChecks.expectCornersSpanTheBars(
            CodabarTestEncoder.widths("A998877B"), decoder: CodabarDecoder())
    }

    @Test func degradedImagesRead() {
        let widths = CodabarTestEncoder.widths("A5551234B", ratio: 2.4)
        LinearSymbolChecks.expectDegradedReads(widths: widths, module: 2.5, value: "A5551234B") { decode($0) }
    }

    @Test func nothingOnBlankOrNoise() {
        LinearSymbolChecks.expectNothingOnBlankOrNoise { decode($0) }
    }
}
