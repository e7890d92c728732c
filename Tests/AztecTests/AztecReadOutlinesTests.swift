import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

/// A bull's-eye centred inside a symbol read before (``ScanCore/FrameContext/readOutlines``) is not read
/// again: the registry's later passes (downscaled copies, the other binarizer) reach the symbols already
/// read, and each would be detected and decoded again only to be dropped as a duplicate.
struct AztecReadOutlinesTests {
    @Test(.enabled(if: Zint.available))
    func aSymbolReadBeforeIsNotReadAgain() throws {
        let image = try Zint.aztec.render("read once", ["--vers=2"], scale: 6).padded(60)
        let frame = FrameContext(image: image)
        let pass = DecodePass(kind: nil, binarizer: .local)
        let first = AztecDecoder().decodePass(frame, pass: pass, options: DecodeOptions())
        #expect(first.symbols.map(\.rawValue) == ["read once"])
        let corners = try #require(first.symbols.first).cornerPoints
        let again = AztecDecoder().decodePass(
            frame.restricted(to: frame.candidates, readOutlines: [corners]), pass: pass, options: DecodeOptions())
        #expect(again.symbols.isEmpty)
        #expect(again.unresolved?.isEmpty == true)
        #expect(AztecDetector.detect(frame.binarized(.local)).count == 1)
        #expect(AztecDetector.detect(frame.binarized(.local), skipping: [corners]).isEmpty)
    }
}
