import ScanCore
import ScanTestSupport
import Testing

@testable import QRCode

struct QRSmokeTests {
    @Test(.enabled(if: Zint.available)) func readsHello() throws {
        let image = try Zint.qrCode.render("Hello, world")
        let found = QRCodeDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.count == 1)
        #expect(found.first?.rawValue == "Hello, world")
    }
}
