import BuiltinPlugins
import Foundation
import ScanCore
import Testing

@testable import ScanSession

/// The stdin input over a pipe, for all eight pixel formats, through the coordinator.
@Suite struct StdinInputTests {
    static let width = 600, height = 320

    /// One frame of `format` showing the sample code (chroma neutral, alpha opaque), rows `stride` apart.
    static func frameBytes(_ format: PixelFormat, stride: Int) -> [UInt8] {
        let luma = TestFrames.grayPlane(width: width, height: height, codeAt: (40, 40))
        var out = [UInt8](repeating: 128, count: format.frameByteCount(width: width, height: height, stride: stride))
        for y in 0..<height {
            for x in 0..<width {
                let v = luma[y * width + x]
                let row = y * stride
                switch format {
                case .gray8, .nv12, .i420: out[row + x] = v
                case .rgb24, .bgr24: out.replaceSubrange(row + 3 * x..<row + 3 * x + 3, with: [v, v, v])
                case .rgba32: out.replaceSubrange(row + 4 * x..<row + 4 * x + 4, with: [v, v, v, 255])
                case .yuyv: out[row + 2 * x] = v
                case .uyvy: out[row + 2 * x + 1] = v
                }
            }
        }
        return out
    }

    @Test(arguments: PixelFormat.allCases)
    func everyPixelFormatDecodes(_ format: PixelFormat) throws {
        let stride = format.minimumStride(width: Self.width) + 8
        var config = StdinInputConfig(width: Self.width, height: Self.height, pixelFormat: format)
        config.stride = stride
        config.dropFrames = false
        var fds: [Int32] = [0, 0]
        let made = pipe(&fds)
        try #require(made == 0)
        let readEnd = fds[0]
        let writeEnd = fds[1]
        let bytes = Self.frameBytes(format, stride: stride)
        #expect(bytes.count == config.frameByteCount)
        let writer = Thread {
            for _ in 0..<2 {
                bytes.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let n = write(writeEnd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                        if n <= 0 { break }
                        offset += n
                    }
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let out = CapturingOutput(id: "o")
        let c = Coordinator(
            session: "s", inputs: [StdinInput(id: "pipe", config: config, fileDescriptor: readEnd)],
            outputs: [OutputPlan(output: out, events: [.detected])],
            connections: [ConnectionPlan(index: 0, input: "pipe", outputs: ["o"])],
            registry: BuiltinPlugins.registry())
        let summary = try c.run()
        #expect(summary.frames == 2)
        #expect(out.events.map(\.frame) == [0, 1], "\(format)")
        #expect(out.events.allSatisfy { $0.barcode?.rawValue == "4006381333931" && $0.source == "stdin" })
    }
}
