import ScanCore
import Testing

@testable import QRCode

/// Finder patterns centred inside a symbol read before (``ScanCore/FrameContext/readOutlines``) take no part
/// in triples: a later pass reads no symbol twice, and meeting them counts as meeting a symbol read
/// (``QRCodeDecoder/Search/readNothing``).
struct QRReadOutlinesTests {
    /// A version 1 symbol at 8 pixels a module in a 1280×720 frame, and its corner points as read.
    static func scene() throws -> (FrameContext, corners: [Point]) {
        let s = try QRSearchMaskTests.symbol("read once")
        let side = Double(s.modules.width + 2 * s.quietZone) * 8
        let image = QRSearchMaskTests.frame(
            s, corners: (Point(400, 100), Point(400 + side, 100), Point(400 + side, 100 + side), Point(400, 100 + side))
        )
        let frame = FrameContext(image: image)
        let read = QRCodeDecoder().decode(frame, options: DecodeOptions())
        #expect(read.map(\.rawValue) == ["read once"])
        return (frame, try #require(read.first).cornerPoints)
    }

    @Test func aSymbolReadBeforeIsNotReadAgain() throws {
        let (frame, corners) = try Self.scene()
        let pass = DecodePass(kind: nil, binarizer: .local)
        let restricted = frame.restricted(to: frame.candidates, readOutlines: [corners])
        let outcome = QRCodeDecoder().decodePass(restricted, pass: pass, options: DecodeOptions())
        #expect(outcome.symbols.isEmpty)
        #expect(outcome.unresolved?.isEmpty == true)
        // Without the outline the same pass reads it.
        let open = QRCodeDecoder().decodePass(
            frame.restricted(to: frame.candidates), pass: pass, options: DecodeOptions())
        #expect(open.symbols.map(\.rawValue) == ["read once"])
    }

    @Test func itsFinderPatternsAreLeftOutAndCounted() throws {
        let (frame, corners) = try Self.scene()
        let matrix = frame.binarized(.local)
        let all = QRCodeDecoder().decodeOnce(matrix, options: DecodeOptions())
        #expect(all.found.count == 1)
        #expect(all.patterns.count == 3)
        let search = QRCodeDecoder().decodeOnce(matrix, options: DecodeOptions(), skipping: [corners])
        #expect(search.found.isEmpty)
        #expect(search.patterns.isEmpty)
        #expect(search.skipped == 3)
        #expect(!search.readNothing)
    }
}
