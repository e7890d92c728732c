import Foundation
import Testing
import ScanCore
import ScanImageIO
@testable import DataMatrix

struct DMDebugTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DM_DEBUG"] != nil)) func debugOne() throws {
        let env = ProcessInfo.processInfo.environment
        let image: LuminanceImage
        if let f = env["DM_FILE"] {
            image = try ImageReader.read(contentsOf: f).luminance()
        } else {
            image = try DMZint.render(env["DM_TEXT"] ?? "DM1", (env["DM_ARGS"] ?? "").split(separator: " ").map(String.init))
        }
        let found = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        print("FOUND", found.map { ($0.rawValue ?? "-", $0.metadata) })
    }
}
