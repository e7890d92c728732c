import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

struct DMSmokeTests {
    @Test(.enabled(if: Zint.available)) func readsHello() throws {
        let image = try Zint.dataMatrix.render("Hello, world")
        let found = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.count == 1)
        #expect(found.first?.rawValue == "Hello, world")
    }
}
