import Testing

@testable import ScanCore

/// ``LinearScanner/consensus(_:lines:image:options:decoders:)`` for a symbology whose start and stop
/// occur inside its symbols (``LinearRowDecoder/startAndStopOccurInside``): a read whose quiet zone is
/// light on its own lines only, where a light band covers the symbol's first bars.
@Suite("LinearScanner bars beyond a read")
struct LinearScannerBarsBeyondTests {
    static let widths = LinearScannerConsensusTests.widths
    static let module = 3.0
    /// The tail the decoder reads: the symbol's last 15 elements (bar first).
    static let tail = Array(widths.suffix(15))

    /// A 400 × 120 image of the symbol from x = 60, its bars on rows 20 ..< 100, with the light paper
    /// over its first 10 elements on rows `covered` (a light occlusion or glare band).
    static func image(covered: Range<Int>) -> LuminanceImage {
        let w = 400, h = 120
        var pixels = [UInt8](repeating: 220, count: w * h)
        var edges: [Double] = [60]
        for wd in widths { edges.append(edges[edges.count - 1] + Double(wd) * module) }
        for y in 20..<100 {
            let first = covered.contains(y) ? 10 : 0
            for k in stride(from: first, to: widths.count, by: 2) {
                for x in Int(edges[k])..<Int(edges[k + 1]) { pixels[y * w + x] = 20 }
            }
        }
        return LuminanceImage(width: w, height: h, pixels: pixels)
    }

    /// Reads ``tail`` after a light run of at least 8 modules, as a symbol of its own.
    struct TailDecoder: LinearRowDecoder {
        var startAndStopOccurInside: Bool
        func decodeRow(_ line: ScanLine, options: DecodeOptions) -> [LinearMatch] {
            let tail = LinearScannerBarsBeyondTests.tail
            let module = LinearScannerBarsBeyondTests.module
            var out: [LinearMatch] = []
            var i = 1
            while i + tail.count <= line.count {
                defer { i += 2 }
                guard Double(line.runs[i - 1]) >= 8 * module else { continue }
                let digits = (i..<(i + tail.count)).map { Int((line.span($0, 1) / module).rounded()) }
                guard digits == tail else { continue }
                out.append(
                    LinearMatch(
                        format: .itf, text: digits.map(String.init).joined(), symbologyIdentifier: "]I0",
                        start: line.runStarts[i], end: line.runStarts[i + tail.count]))
            }
            return out
        }
    }

    let rows = LinearScanner.LineSet(.rows, width: 400, height: 120)

    func values(_ image: LuminanceImage, _ decoder: any LinearRowDecoder) -> [String?] {
        LinearScanner.scan(
            rows, sources: [.profile(image, hysteresisFraction: 0.07, smoothing: false)], options: DecodeOptions(),
            decoders: [decoder]
        ).map(\.barcode.rawValue)
    }

    /// With the first bars covered on the lowest 25 rows only, those rows read the tail after a long light
    /// run; most of the lines along its bars see the covered bars go on before it, so a symbology whose
    /// start occurs inside its symbols does not report it. One that does not say so does (the read is
    /// not refused for another reason), and with the bars covered on every row nothing is beyond it.
    @Test func aReadWhoseQuietZoneHoldsTheBarsOnMostLinesIsRefused() {
        let tail = Self.tail.map(String.init).joined()
        let partly = Self.image(covered: 75..<100), wholly = Self.image(covered: 0..<120)
        #expect(values(partly, TailDecoder(startAndStopOccurInside: true)).isEmpty)
        #expect(values(partly, TailDecoder(startAndStopOccurInside: false)) == [tail])
        #expect(values(wholly, TailDecoder(startAndStopOccurInside: true)) == [tail])
    }
}
