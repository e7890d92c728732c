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

    /// Runs a session whose stdin input reads a pipe that a thread fills with `count` copies of `bytes`
    /// (then closes), with one output taking the detected events.
    static func run(_ config: StdinInputConfig, reading bytes: [UInt8], times count: Int) throws
        -> (RunSummary, CapturingOutput)
    {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            for _ in 0..<count {
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
        return (try c.run(), out)
    }

    @Test(arguments: PixelFormat.allCases)
    func everyPixelFormatDecodes(_ format: PixelFormat) throws {
        let stride = format.minimumStride(width: Self.width) + 8
        var config = StdinInputConfig(width: Self.width, height: Self.height, pixelFormat: format)
        config.stride = stride
        config.dropFrames = false
        let bytes = Self.frameBytes(format, stride: stride)
        #expect(bytes.count == config.frameByteCount)
        let (summary, out) = try Self.run(config, reading: bytes, times: 2)
        #expect(summary.frames == 2)
        #expect(out.events.map(\.frame) == [0, 1], "\(format)")
        #expect(out.events.allSatisfy { $0.barcode?.rawValue == "4006381333931" && $0.source == "stdin" })
    }

    /// Issue 18: a recording piped in is not a live camera: every frame is decoded unless `live: true`.
    @Test func aRecordedStreamIsDecodedFrameByFrameUnlessTheSourceIsLive() throws {
        var config = StdinInputConfig(width: Self.width, height: Self.height, pixelFormat: .gray8)
        #expect(StdinInput(id: "p", config: config).delivery == .live(dropFrames: false))
        config.live = true
        #expect(StdinInput(id: "p", config: config).delivery == .live(dropFrames: true))
        config.dropFrames = false
        #expect(StdinInput(id: "p", config: config).delivery == .live(dropFrames: false))

        // Twelve frames written as fast as the pipe takes them; the reader waits for the decoder.
        let recorded = StdinInputConfig(width: Self.width, height: Self.height, pixelFormat: .gray8)
        let (summary, out) = try Self.run(recorded, reading: Self.frameBytes(.gray8, stride: Self.width), times: 12)
        #expect(summary.frames == 12)
        #expect(summary.droppedFrames == 0)
        #expect(out.events.compactMap(\.frame) == Array(0..<12))
    }

    @Test func liveAndDropFramesAreReadFromTheSession() throws {
        func stdin(_ keys: String) throws -> StdinInputConfig? {
            let yaml = """
                inputs:
                  - { id: p, type: stdin, width: 4, height: 4, pixel_format: gray8\(keys) }
                outputs:
                  - { id: o, type: stdout }
                connections:
                  - { from: p, to: o }
                """
            let config = try SessionLoader.load(text: yaml, file: "t.yaml", pluginFormats: [.ean13]).config
            guard case .stdin(let c) = config.inputs.first?.kind else { return nil }
            return c
        }
        #expect(try stdin("")?.dropsFrames == false)
        #expect(try stdin(", live: true")?.dropsFrames == true)
        #expect(try stdin(", live: true, drop_frames: false")?.dropsFrames == false)
        #expect(try stdin(", drop_frames: true")?.dropsFrames == true)
    }
}
