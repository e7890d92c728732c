import Foundation
import ScanCore
import ScanImageIO
import Testing

/// `scanctl run` on stdin sessions fed raw frames generated here, as a process.
@Suite struct RunStdinSessionTests {
    static let width = 640, height = 360

    /// The luminance of `samples/ean13-4006381333931.png` (452 × 232).
    static let code: LuminanceImage = {
        let path = ScanctlProcess.repository.appendingPathComponent("samples/ean13-4006381333931.png").path
        guard let frame = try? ImageReader.read(contentsOf: path) else { fatalError("missing \(path)") }
        return frame.luminance()
    }()

    /// A white gray8 plane with the EAN-13 sample at `origin` (or blank).
    static func gray(codeAt origin: (x: Int, y: Int)?) -> [UInt8] {
        var plane = [UInt8](repeating: 255, count: width * height)
        guard let origin else { return plane }
        for y in 0..<code.height where origin.y + y < height {
            for x in 0..<code.width where origin.x + x < width {
                plane[(origin.y + y) * width + origin.x + x] = code[x, y]
            }
        }
        return plane
    }

    /// The same picture as YUYV (Y0 U Y1 V; chroma neutral) with `stride` bytes per row.
    static func yuyv(codeAt origin: (x: Int, y: Int)?, stride: Int) -> [UInt8] {
        let luma = gray(codeAt: origin)
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                out[y * stride + 2 * x] = luma[y * width + x]
                out[y * stride + 2 * x + 1] = 128
            }
        }
        return out
    }

    func session(_ dir: TemporaryDirectory, format: String, extra: String = "", connection: String, events: String)
        throws
    {
        try dir.write(
            "s.yaml",
            """
            session: pipe-test
            inputs:
              - id: pipe
                type: stdin
                width: \(Self.width)
                height: \(Self.height)
                pixel_format: \(format)
            \(extra)
            outputs:
              - id: out
                type: stdout
                events: \(events)
            connections:
              - from: pipe
                to: out
                symbologies: [ean13]
            \(connection)
            """)
    }

    static func describe(_ lines: [[String: Any]]) -> [String] {
        lines.map { "\($0["event"] as? String ?? "?") \($0["frame"] as? Int ?? -1) \($0["track_id"] as? Int ?? -1)" }
    }

    @Test func gray8StreamConfirmsTracksLosesAndReportsATruncatedLastFrame() throws {
        let dir = try TemporaryDirectory()
        try session(
            dir, format: "gray8", extra: "    fps: 10\n    drop_frames: false",
            connection: "    confirm_frames: 3\n    lost_after_ms: 250", events: "[detected, confirmed, lost, error]")
        // Frames 0–4 hold the code, 5–9 are blank, 10–12 hold it again, then half a frame.
        var input: [UInt8] = []
        for n in 0..<13 { input += Self.gray(codeAt: (5...9).contains(n) ? nil : (60, 40)) }
        input += [UInt8](repeating: 255, count: Self.width * Self.height / 2)
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path, stdin: input)
        // The truncated frame is a failed item: exit 1, after every whole frame was decoded.
        #expect(r.status == 1, "stderr: \(r.stderr)")
        let lines = r.jsonLines
        // In frame order: the truncated frame's error after the events of every frame before it (it came
        // before those still being decoded), then the track the end of the stream loses.
        #expect(
            Self.describe(lines) == [
                "detected 0 1", "detected 1 1", "detected 2 1", "confirmed 2 1", "detected 3 1", "detected 4 1",
                "lost 7 1", "detected 10 2", "detected 11 2", "detected 12 2", "confirmed 12 2", "error 13 -1",
                "lost 12 2",
            ])
        let first = try #require(lines.first)
        #expect(first["raw_value"] as? String == "4006381333931")
        #expect(first["source"] as? String == "stdin")
        #expect(first["input"] as? String == "pipe")
        #expect(first["session"] as? String == "pipe-test")
        let error = try #require(lines.first { $0["event"] as? String == "error" })
        #expect(
            (error["message"] as? String)?.contains(
                "frame 13 is truncated: the input ended after 115200 of 230400 bytes") == true)
        #expect(r.stderr.contains("scanctl: error: input 'pipe': stdin: frame 13 is truncated"))
        #expect(
            r.stderr.contains(
                "session 'pipe-test': 13 frames, 8 symbols, 0 dropped frames, 1 error, 0 undelivered events"))
        #expect(r.stderr.contains("; FAILED: 1 item failed"))
    }

    @Test func yuyvWithPaddedStrideFindsCodesInTheRightFramesAndPlaces() throws {
        let dir = try TemporaryDirectory()
        let stride = Self.width * 2 + 16
        try session(
            dir, format: "yuyv", extra: "    stride: \(stride)\n    fps: 10\n    drop_frames: false",
            connection: "    confirm_frames: 2", events: "[detected, confirmed]")
        var input: [UInt8] = []
        for n in 0..<7 { input += Self.yuyv(codeAt: (3...5).contains(n) ? (120, 80) : nil, stride: stride) }
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path, stdin: input)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(Self.describe(r.jsonLines) == ["detected 3 1", "detected 4 1", "confirmed 4 1", "detected 5 1"])
        let box = try #require(r.jsonLines.first?["bounding_box"] as? [String: Double])
        // The sample's bars start 44 px into the image, which is pasted at x = 120, y = 80.
        #expect(abs((box["x"] ?? 0) - 164) <= 3)
        #expect((box["y"] ?? 0) >= 80 && (box["y"] ?? 0) < 80 + 232)
        #expect(r.stderr.contains("7 frames, 3 symbols, 0 dropped frames, 0 errors"))
    }

    @Test func whenDecodingFallsBehindALiveSourceDropsOlderFramesAndCountsThem() throws {
        let dir = try TemporaryDirectory()
        try session(dir, format: "gray8", extra: "    live: true", connection: "", events: "[detected]")
        let frame = Self.gray(codeAt: (60, 40))
        var input: [UInt8] = []
        for _ in 0..<30 { input += frame }
        let r = try ScanctlProcess.run(["run", "s.yaml"], directory: dir.path, stdin: input)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let summary = try #require(r.stderr.split(separator: "\n").last { $0.contains("session 'pipe-test'") })
        let dropped = try #require(
            summary.split(separator: ",").first { $0.hasSuffix("dropped frames") }?
                .split(separator: " ").first.flatMap { Int($0) })
        #expect(summary.contains(": 30 frames"))
        #expect(dropped > 0)
        #expect(r.jsonLines.count + dropped == 30)
        #expect(r.jsonLines.last?["frame"] as? Int == 29)
    }

    @Test func sigtermStopsCleanlyWithLostEventsAndASummary() throws {
        let dir = try TemporaryDirectory()
        try session(
            dir, format: "gray8", extra: "    drop_frames: false", connection: "    lost_after_ms: 60000",
            events: "[detected, lost]")
        let child = try RunningScanctl(["run", "s.yaml"], directory: dir.path)
        for _ in 0..<3 { child.write(Self.gray(codeAt: (60, 40))) }
        let seen = child.waitForOutput { $0.components(separatedBy: "\"detected\"").count - 1 == 3 }
        #expect(seen)
        child.signal(SIGTERM)
        let r = child.wait(timeout: 20)
        child.closeInput()
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(
            RunStdinSessionTests.describe(r.jsonLines) == ["detected 0 1", "detected 1 1", "detected 2 1", "lost 2 1"])
        #expect(r.stderr.contains("session 'pipe-test': 3 frames, 3 symbols"))
    }

    /// Issue 18: a recording piped through the example session is read no faster than it is decoded.
    @Test func aRecordedStreamThroughTheExampleSessionDropsNoFrame() throws {
        let (width, height) = (640, 480)
        var plane = [UInt8](repeating: 255, count: width * height)
        // Inside the example's region of interest (10–90 % across, 20–80 % down).
        let origin = (x: 94, y: 124)
        for y in 0..<Self.code.height {
            for x in 0..<Self.code.width { plane[(origin.y + y) * width + origin.x + x] = Self.code[x, y] }
        }
        var input: [UInt8] = []
        for _ in 0..<13 { input += plane }
        let session = ScanctlProcess.repository.appendingPathComponent("sessions/stdin-raw.yaml").path
        let dir = try TemporaryDirectory()
        let r = try ScanctlProcess.run(["run", session], directory: dir.path, stdin: input)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("session 'pipe': 13 frames, 13 symbols, 0 dropped frames, 0 errors"))
        // Confirmed on the third frame (confirm_frames: 3). (When tracks are lost depends on the decoding
        // time: the example's lost_after_ms is wall-clock time, and frames carry the time they were read.)
        #expect(Self.describe(r.jsonLines).first == "confirmed 2 1")
    }
}
