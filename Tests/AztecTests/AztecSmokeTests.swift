import ScanCore
import ScanTestSupport
import Testing

@testable import Aztec

struct AztecSmokeTests {
    func read(_ image: LuminanceImage) -> [Barcode] {
        AztecDecoder().decode(FrameContext(image: image), options: DecodeOptions())
    }

    @Test(
        .enabled(if: Zint.available),
        arguments: [
            ("A", ["--vers=1"]), ("Hello, World", ["--vers=2"]), ("Hello", ["--vers=5"]), ("x", ["--vers=4"]),
        ])
    func readsSymbol(_ text: String, _ args: [String]) throws {
        let image = try Zint.aztec.render(text, args).padded(10)
        let found = read(image)
        #expect(found.count == 1)
        #expect(found.first?.rawValue == text)
    }
}
