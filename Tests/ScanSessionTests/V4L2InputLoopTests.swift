import Foundation
import ScanCamera
import ScanCore
import Synchronization
import Testing

@testable import ScanSession

/// `V4L2Input.run`'s loop against scripted fake cameras (``CameraDevice``) and a fake clock that only the
/// fakes move: frames, timeouts, buffers that do not convert, a stall, a lost device, failed and
/// permanent opens, a device back in another format. No wall-clock time is involved.
@Suite struct V4L2InputLoopTests {
    static let device = "/dev/fake0"

    /// Runs the loop until the script is played out: each open takes the next outcome; the session
    /// stops when the opens run out or the last camera's steps do.
    static func run(
        _ opens: [FakeOpen], stallTimeoutMs: Int = 300, initialBackoffMs: Int = 20, maxBackoffMs: Int = 40
    ) -> LoopLog {
        let log = LoopLog()
        let stop = StopSignal()
        let script = OpenScript(opens, log: log, stop: stop)
        var config = V4L2InputConfig()
        config.device = device
        config.stallTimeoutMs = stallTimeoutMs
        let environment = CameraLoopEnvironment(
            open: { request throws(CameraCapture.Failure) in try script.open(request) },
            nowMs: { log.clock.now },
            sleep: { ms in log.clock.advance(ms) })
        let input = V4L2Input(
            id: "cam", config: config, initialBackoffMs: initialBackoffMs, maxBackoffMs: maxBackoffMs,
            environment: environment
        ) { line in log.record("info \(line)") }
        input.run(into: log, stop: stop)
        return log
    }

    static let yuyv = NegotiatedMode(pixelFormat: .yuyv, size: FrameSize(width: 64, height: 48), fps: 30)
    static let mjpeg = NegotiatedMode(pixelFormat: .mjpeg, size: FrameSize(width: 32, height: 24), fps: 15)

    @Test func framesAreOfferedInOrderAndABadBufferIsAnErrorOfItsFrame() {
        let log = Self.run([
            .camera(Self.yuyv, warnings: ["control 'zoom' not set"], [.frame, .timeout, .frame, .badBuffer, .frame])
        ])
        #expect(
            log.lines == [
                "open at 0", "info input 'cam': /dev/fake0: \(Self.yuyv)",
                "error frame - /dev/fake0: control 'zoom' not set",
                "frame 0 64x48 at 33", "frame 1 64x48 at 166",
                "error frame 2 /dev/fake0: frame 2: short buffer", "frame 3 64x48 at 232",
            ])
    }

    /// No frame for `stall_timeout_ms` (timeouts of at most 100 ms each): the device is closed, the stall
    /// reported, and reopened after the first back-off; frame numbers go on across the reopen.
    @Test func aStalledDeviceIsReopenedAfterTheBackoff() {
        let log = Self.run([
            .camera(Self.yuyv, [.frame, .timeout, .timeout, .timeout]),
            .camera(Self.yuyv, [.frame]),
        ])
        #expect(
            log.lines == [
                "open at 0", "info input 'cam': /dev/fake0: \(Self.yuyv)", "frame 0 64x48 at 33",
                "error frame - /dev/fake0: no frame for 300 ms (stall_timeout_ms: 300); reopening in 20 ms (attempt 1)",
                "open at 353", "info input 'cam': /dev/fake0: \(Self.yuyv)", "frame 1 64x48 at 386",
            ])
    }

    /// Unplugged (`ENODEV` while streaming), the first reopen fails (`ENOENT`: retried, the back-off
    /// doubled), the second finds the camera back in another format: its frames come at its new size.
    @Test func aLostDeviceIsReopenedAndMayComeBackInAnotherFormat() {
        let gone = V4L2Error(path: Self.device, operation: "VIDIOC_DQBUF", code: ENODEV)
        let missing = V4L2Error(path: Self.device, operation: "open", code: ENOENT)
        let log = Self.run([
            .camera(Self.yuyv, [.frame, .lost(gone)]),
            .failure(.system(missing)),
            .camera(Self.mjpeg, [.frame, .frame]),
        ])
        #expect(
            log.lines == [
                "open at 0", "info input 'cam': /dev/fake0: \(Self.yuyv)", "frame 0 64x48 at 33",
                "error frame - /dev/fake0: \(gone); reopening in 20 ms (attempt 1)",
                "open at 53", "error frame - /dev/fake0: \(missing); retrying in 40 ms (attempt 2)",
                "open at 93", "info input 'cam': /dev/fake0: \(Self.mjpeg)",
                "frame 1 32x24 at 126", "frame 2 32x24 at 159",
            ])
    }

    /// The back-off resets once a frame arrives after a reopen.
    @Test func aFrameAfterAReopenResetsTheBackoff() {
        let gone = V4L2Error(path: Self.device, operation: "VIDIOC_DQBUF", code: ENODEV)
        let log = Self.run([
            .camera(Self.yuyv, [.lost(gone)]),
            .camera(Self.yuyv, [.lost(gone)]),
            .camera(Self.yuyv, [.frame, .lost(gone)]),
            .camera(Self.yuyv, [.frame]),
        ])
        #expect(
            log.lines.filter { $0.hasPrefix("error") || $0.hasPrefix("open") } == [
                "open at 0", "error frame - /dev/fake0: \(gone); reopening in 20 ms (attempt 1)",
                "open at 20", "error frame - /dev/fake0: \(gone); reopening in 40 ms (attempt 2)",
                "open at 60", "error frame - /dev/fake0: \(gone); reopening in 20 ms (attempt 1)",
                "open at 113",
            ])
    }

    /// A node that can never serve the session ends the input at once with one error, no retry.
    @Test func aPermanentOpenFailureEndsTheInput() {
        let log = Self.run([.failure(.unusable("no readable pixel format")), .camera(Self.yuyv, [.frame])])
        #expect(log.lines == ["open at 0", "error frame - /dev/fake0: no readable pixel format"])
        #expect(log.failures.count == 1)
    }
}

/// One outcome of an open in the script.
enum FakeOpen {
    case camera(NegotiatedMode, warnings: [String] = [], [FakeCamera.Step])
    case failure(CameraCapture.Failure)
}

/// Plays the opens in order; when they run out, the session is stopped and opening fails.
final class OpenScript: @unchecked Sendable {
    private let lock = NSLock()
    private var opens: [FakeOpen]
    private let log: LoopLog
    private let stop: StopSignal

    init(_ opens: [FakeOpen], log: LoopLog, stop: StopSignal) {
        self.opens = opens
        self.log = log
        self.stop = stop
    }

    func open(_ request: CaptureRequest) throws(CameraCapture.Failure) -> any CameraDevice {
        let next: FakeOpen? = lock.withLock { opens.isEmpty ? nil : opens.removeFirst() }
        log.record("open at \(log.clock.now)")
        let last = lock.withLock { opens.isEmpty }
        switch next {
        case .camera(let mode, let warnings, let steps)?:
            return FakeCamera(mode: mode, warnings: warnings, steps: steps, clock: log.clock) { [stop] in
                if last { stop.set() }
            }
        case .failure(let failure)?:
            if last { stop.set() }
            throw failure
        case nil:
            stop.set()
            throw .unusable("script played out")
        }
    }
}

/// A camera that plays `steps`, one per `next` call, moving the fake clock: 33 ms per buffer, the whole
/// timeout when none comes. When the steps run out it times out and calls `playedOut`.
final class FakeCamera: CameraDevice {
    enum Step {
        /// A grey frame of the mode's size.
        case frame
        /// No buffer within the timeout (`EAGAIN`).
        case timeout
        /// A buffer that does not convert.
        case badBuffer
        /// The device fails with this error.
        case lost(V4L2Error)
    }

    let mode: NegotiatedMode
    let warnings: [String]
    private var steps: [Step]
    private let clock: FakeClock
    private let playedOut: () -> Void

    init(mode: NegotiatedMode, warnings: [String], steps: [Step], clock: FakeClock, playedOut: @escaping () -> Void) {
        self.mode = mode
        self.warnings = warnings
        self.steps = steps
        self.clock = clock
        self.playedOut = playedOut
    }

    func next(timeoutMs: Int) throws(V4L2Error) -> Result<Frame, CameraFrameConverter.ConversionError>? {
        guard !steps.isEmpty else {
            playedOut()
            clock.advance(timeoutMs)
            return nil
        }
        switch steps.removeFirst() {
        case .frame:
            clock.advance(33)
            let size = mode.size
            let pixels = [UInt8](repeating: 128, count: size.width * size.height)
            return (try? Frame(pixels: pixels, format: .gray8, width: size.width, height: size.height))
                .map { .success($0) }
        case .timeout:
            clock.advance(timeoutMs)
            return nil
        case .badBuffer:
            clock.advance(33)
            return .failure(CameraFrameConverter.ConversionError(description: "short buffer"))
        case .lost(let error):
            throw error
        }
    }

    func controlStates(purposes: Set<CameraControl.Purpose>?) -> [CameraControlState] { [] }

    func set(_ control: CameraControl, to value: Int64) throws(CameraCapture.Failure) -> Int64? {
        throw .unusable("no controls")
    }
}

/// Milliseconds that pass only when a fake says so.
final class FakeClock: Sendable {
    private let ms = Mutex(0)
    var now: Int { ms.withLock { $0 } }
    func advance(_ by: Int) { ms.withLock { $0 += by } }
}

/// What the loop hands over, in order, one line each, with the fake clock's time of each frame.
final class LoopLog: FrameSink, @unchecked Sendable {
    let clock = FakeClock()
    private let lock = NSLock()
    private var recorded: [String] = []
    private var failed: [String] = []

    func record(_ line: String) { lock.withLock { recorded.append(line) } }
    func process(_ frame: Frame) { offer(frame) }
    func offer(_ frame: Frame) {
        record("frame \(frame.sequenceNumber) \(frame.width)x\(frame.height) at \(clock.now)")
    }
    func fail(frame: Int?, source: String, message: String) {
        lock.withLock { failed.append(message) }
        record("error frame \(frame.map(String.init) ?? "-") \(source): \(message)")
    }
    var lines: [String] { lock.withLock { recorded } }
    var failures: [String] { lock.withLock { failed } }
}
