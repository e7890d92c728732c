import ScanCore
import Testing

@testable import DataMatrix

struct DMSmokeTests {
    @Test(.enabled(if: DMZint.available)) func readsHello() throws {
        let image = try DMZint.render("Hello, world")
        let found = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.count == 1)
        #expect(found.first?.rawValue == "Hello, world")
    }
}
