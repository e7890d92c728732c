import Foundation
import ScanCore
import ScanImageIO
import Testing

@testable import DataMatrix

struct DMDebugTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DM_DEBUG"] != nil)) func debugOne() throws {
        let env = ProcessInfo.processInfo.environment
        if let files = env["DM_FILE"] {
            for f in files.split(separator: "|") {
                print("FILE", f)
                let image = try ImageReader.read(contentsOf: String(f)).luminance()
                let found = DecoderRegistry([DataMatrixDecoder()]).decode(
                    FrameContext(image: image), options: DecodeOptions())
                print("FOUND", found.map { ($0.rawValue ?? "-", $0.metadata) })
            }
            return
        }
        let image = try DMZint.render(
            env["DM_TEXT"] ?? "DM1", (env["DM_ARGS"] ?? "").split(separator: " ").map(String.init))
        let found = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        print("FOUND", found.map { ($0.rawValue ?? "-", $0.metadata) })
    }
}
