import Foundation
import ScanCore
import ScanImageIO
import ScanTestSupport
import Testing

@testable import DataMatrix

/// Opt-in diagnostics (`DM_DEBUG=1 DM_FILE=a.png|b.png swift test --filter DMDebugTests`): what the
/// detector found in each image, per binarizer, and why each hypothesis did not decode.
struct DMDebugTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DM_DEBUG"] != nil)) func debugOne() throws {
        let env = ProcessInfo.processInfo.environment
        if let files = env["DM_FILE"] {
            for f in files.split(separator: "|") {
                print("FILE", f)
                let image = try ImageReader.read(contentsOf: String(f)).luminance()
                let frame = FrameContext(image: image)
                var options = DecodeOptions()
                options.searchWholeFrame = true
                for kind in BinarizerKind.allCases {
                    let m = frame.binarized(kind)
                    print(" BINARIZER", kind)
                    for pts in DMDetector.components(m, minSide: 10).prefix(3) {
                        let h = DMDetector.hull(pts)
                        guard let q = DMDetector.quad(h) else { continue }
                        let centre = Point(
                            (q[0].x + q[1].x + q[2].x + q[3].x) / 4, (q[0].y + q[1].y + q[2].y + q[3].y) / 4)
                        let darks = (0..<4).map {
                            DMDetector.sideProfile(m, q[$0], q[($0 + 1) % 4], centre: centre).dark
                        }
                        print("  COMP", pts.count, "quad", q.map { "(\(Int($0.x)),\(Int($0.y)))" }, "dark", darks)
                    }
                    for (k, c) in DMDetector.candidates(m).prefix(12).enumerated() {
                        print(
                            String(
                                format: "  cand %d l=(%.0f,%.0f) a=(%.0f,%.0f) b=(%.0f,%.0f) c=(%.0f,%.0f) module %.2f",
                                k, c.l.x, c.l.y, c.a.x, c.a.y, c.b.x, c.b.y, c.c.x, c.c.y, c.module))
                        for d0 in DMDetector.detections(m, c, maxResults: 10) {
                            for d in [d0, DMDetector.refineCorners(m, d0)] {
                                var what = "sample failed"
                                if let grid = GridSampler.sample(
                                    m, columns: d.size.columns, rows: d.size.rows, transform: d.transform)
                                {
                                    if let cw = DMBitMatrixParser.codewords(grid, size: d.size) {
                                        if let (data, _) = DMDataBlocks.correct(cw, size: d.size) {
                                            what = DMDecodedBitStreamParser.parse(data) == nil ? "parse failed" : "OK"
                                        } else {
                                            what = "RS failed"
                                        }
                                    } else {
                                        what = "codewords failed"
                                    }
                                }
                                if env["DM_GRID"] != nil,
                                    let g = GridSampler.sample(
                                        m, columns: d.size.columns, rows: d.size.rows, transform: d.transform)
                                {
                                    for r in 0..<g.height {
                                        print(
                                            "GRID "
                                                + (0..<g.width).map { g.bits[r * g.width + $0] != 0 ? "1" : "0" }
                                                .joined())
                                    }
                                }
                                print(
                                    String(
                                        format: "    det %@ mirrored %@ score %.3f -> %@", d.size.description,
                                        d.isMirrored ? "y" : "n", d.score, what))
                            }
                        }
                    }
                }
                let found = DecoderRegistry([DataMatrixDecoder()]).decode(frame, options: options)
                print("FOUND", found.map { ($0.rawValue ?? "-", $0.metadata) })
            }
            return
        }
        let image = try Zint.dataMatrix.render(
            env["DM_TEXT"] ?? "DM1", (env["DM_ARGS"] ?? "").split(separator: " ").map(String.init))
        let found = DataMatrixDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        print("FOUND", found.map { ($0.rawValue ?? "-", $0.metadata) })
    }
}
