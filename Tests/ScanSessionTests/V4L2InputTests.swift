import Dispatch
import Foundation
import ScanCamera
import ScanCore
import Testing

@testable import ScanSession

/// The v4l2 input's keys, their validation, the builder's authorization filter, and the input's reopen
/// loop against a device that is not there.
@Suite struct V4L2InputTests {
    static let session = """
        session: dock
        authorization:
          camera: authorized
        inputs:
          - id: cam
            type: v4l2
            device: /dev/video3
            width: 640
            height: 480
            pixel_format: mjpeg
            fps: 15
            buffers: 6
            stall_timeout_ms: 1500
            controls: { focus_auto: 0, focus_absolute: 30 }
        outputs:
          - id: console
            type: stdout
        connections:
          - from: cam
            to: console
        """

    func load(_ yaml: String) -> Result<SessionLoader.Loaded, ConfigProblems> {
        Result { () throws(ConfigProblems) in
            try SessionLoader.load(text: yaml, file: "t.yaml", pluginFormats: [.ean13])
        }
    }

    /// The problems that `yaml` has, or nil when it loads.
    func loadProblems(_ yaml: String) -> ConfigProblems? {
        guard case .failure(let problems) = load(yaml) else { return nil }
        return problems
    }

    @Test func everyKeyIsRead() throws {
        let loaded = try load(Self.session).get()
        #expect(loaded.config.authorization.camera == .authorized)
        guard case .v4l2(let c) = try #require(loaded.config.inputs.first).kind else {
            Issue.record("not a v4l2 input")
            return
        }
        #expect(c.device == "/dev/video3")
        #expect(c.width == 640 && c.height == 480)
        #expect(c.pixelFormat == .mjpeg)
        #expect(c.fps == 15 && c.buffers == 6 && c.stallTimeoutMs == 1500)
        #expect(
            c.controls.map(\.value) == [
                CameraControlSetting(name: "focus_auto", value: 0),
                CameraControlSetting(name: "focus_absolute", value: 30),
            ])
        #expect(c.controls.first?.mark == YAMLMark(line: 14, column: 17))
        let input = V4L2Input(id: "cam", config: c) { _ in }
        #expect(
            input.request.mode == ModeRequest(pixelFormat: .mjpeg, size: FrameSize(width: 640, height: 480), fps: 15))
        #expect(input.request.buffers == 6)
    }

    @Test func badValuesAreReportedAtLineAndColumn() throws {
        let yaml = Self.session
            .replacingOccurrences(of: "buffers: 6", with: "buffers: 1")
            .replacingOccurrences(of: "pixel_format: mjpeg", with: "pixel_format: h264")
            .replacingOccurrences(of: "focus_absolute: 30", with: "focus_absolute: near")
            .replacingOccurrences(of: "fps: 15", with: "fps: -2")
        let problems = try #require(loadProblems(yaml))
        let found = problems.errors.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(found.contains { $0.hasPrefix("10:19 'pixel_format' must be one of gray8, yuyv") })
        #expect(found.contains("11:10 'fps' must be greater than 0 and at most 1000, not -2.0"))
        #expect(found.contains("12:14 'buffers' must be from 2 to 32, not 1"))
        #expect(found.contains { $0.hasPrefix("14:48 control 'focus_absolute' must be a whole number") })
    }

    @Test func controlsMustBeAMapping() throws {
        let yaml = Self.session.replacingOccurrences(
            of: "controls: { focus_auto: 0, focus_absolute: 30 }", with: "controls: [focus_auto]")
        let problems = try #require(loadProblems(yaml))
        #expect(problems.errors.map(\.line) == [14])
        #expect(problems.errors.first?.message.contains("must be a mapping of V4L2 control names") == true)
    }

    @Test func twoInputsOnOneDeviceAreAnError() throws {
        let yaml = Self.session.replacingOccurrences(
            of: "outputs:", with: "  - id: cam2\n    type: v4l2\n    device: /dev/video3\noutputs:")
        let problems = try #require(loadProblems(yaml))
        #expect(
            problems.errors.map { "\($0.line):\($0.column) \($0.message)" } == [
                "15:9 input 'cam2' uses /dev/video3, which input 'cam' already reads; read it once and connect that input to several outputs"
            ])
    }

    @Test func theBuilderLeavesOutCamerasThatAreNotAuthorized() throws {
        let loaded = try load(Self.session).get()
        var settings = SessionBuilder.Settings()
        let refused = try SessionBuilder.coordinator(
            for: loaded.config, registry: DecoderRegistry(), settings: settings, diagnostics: { _ in })
        // Nothing is opened: the session has no input left and ends at once.
        let summary = try refused.run()
        #expect(summary.errors == 0)
        settings.authorizedCameras = ["cam"]
        let allowed = try SessionBuilder.coordinator(
            for: loaded.config, registry: DecoderRegistry(), settings: settings, diagnostics: { _ in })
        allowed.stop()
        _ = try allowed.run()
    }

    @Test func aMissingDeviceIsRetriedWithBackoffUntilStopped() throws {
        var config = V4L2InputConfig()
        config.device = "/nonexistent/video0"
        let input = V4L2Input(id: "cam", config: config, initialBackoffMs: 20, maxBackoffMs: 40) { _ in }
        let sink = RecordingSink()
        let stop = StopSignal()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            input.run(into: sink, stop: stop)
            done.signal()
        }
        thread.start()
        let deadline = Date().addingTimeInterval(10)
        while sink.failures.count < 3 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        stop.set()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let failures = sink.failures
        #expect(failures.count >= 3)
        #expect(failures.allSatisfy { $0.source == "/nonexistent/video0" && $0.frame == nil })
        #expect(failures.first?.message.contains("open failed") == true)
        #expect(failures.first?.message.hasSuffix("retrying in 20 ms (attempt 1)") == true)
        #expect(failures.dropFirst().first?.message.hasSuffix("retrying in 40 ms (attempt 2)") == true)
        #expect(sink.offered == 0)
    }

    @Test func aNodeThatIsNotACameraGivesUp() {
        var config = V4L2InputConfig()
        config.device = "/dev/null"
        let input = V4L2Input(id: "cam", config: config) { _ in }
        let sink = RecordingSink()
        input.run(into: sink, stop: StopSignal())  // returns by itself: retrying cannot help
        #expect(sink.failures.count == 1)
        #expect(sink.failures.first?.message.contains("is not a V4L2 device") == true)
    }
}

/// Records what an input hands over.
final class RecordingSink: FrameSink, @unchecked Sendable {
    private let lock = NSLock()
    private var offeredCount = 0
    private var failed: [(frame: Int?, source: String, message: String)] = []
    func process(_ frame: Frame) { offer(frame) }
    func offer(_ frame: Frame) { lock.withLock { offeredCount += 1 } }
    func fail(frame: Int?, source: String, message: String) {
        lock.withLock { failed.append((frame, source, message)) }
    }
    var offered: Int { lock.withLock { offeredCount } }
    var failures: [(frame: Int?, source: String, message: String)] { lock.withLock { failed } }
}
